import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { userIds } from '../src/db/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPglite } from '../src/db/client';
import { openSecret, sealSecret } from '../src/lib/secret-box';
import { createAdmin, createTestApp, get, post, testConfig, type TestContext } from './helpers/test-app';
import { approveId, createFromWallet, createItem, customerWith, handle, LOGIN, PASSWORD } from './helpers/ids-fixtures';

const WISH = 'Wished-Secret-4711';
const NEW_PASSWORD = 'Admin-Set-Secret-0815';

/** An approved ID with a password-change wish and an approved new password: every sealed column filled. */
async function fillSecrets(ctx: TestContext) {
  const admin = await createAdmin(ctx);
  const item = await createItem(ctx.app, admin.token);
  const user = await customerWith(ctx, admin.token, '1000');
  const created = (await createFromWallet(ctx.app, user.token, item.id, '500', 'visible.username')).json().data;
  expect((await approveId(ctx.app, admin.token, created.id)).statusCode).toBe(200);
  const wish = (await post(ctx.app, `/api/user_ids/${created.id}/change_password`, { password: WISH }, user.token)).json().data;
  const changed = await handle(ctx.app, admin.token, wish.id, { action: 'approve', password: NEW_PASSWORD });
  expect(changed.statusCode).toBe(200);
  // Readable through the API, for the owner…
  expect((await get(ctx.app, `/api/user_ids/${created.id}`, user.token)).json().data).toMatchObject({ login: LOGIN, password: NEW_PASSWORD });
  await post(ctx.app, `/api/user_ids/${created.id}/change_password`, { password: WISH }, user.token);
  return created.id as number;
}

const SECRETS = [LOGIN, PASSWORD, WISH, NEW_PASSWORD];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

let ctx: TestContext | undefined;
afterAll(async () => {
  await ctx?.close();
});

describe('ID credentials at rest', () => {
  it('are not readable as plain text in the database columns (AES-256-GCM, fresh IV per value)', async () => {
    ctx = await createTestApp();
    const id = await fillSecrets(ctx);
    const rows = await ctx.db.execute(sql`
      select u.login_sealed, u.password_sealed, r.password_sealed as wish
      from user_ids u join id_requests r on r.user_id_id = u.id where u.id = ${id}`);
    const raw = JSON.stringify(rows);
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
    // Every table, as text: no secret anywhere in the database.
    const dump = JSON.stringify(
      await ctx.db.execute(sql`select row_to_json(t)::text as j from (
        select * from user_ids) t union all select row_to_json(t)::text from (select * from id_requests) t
        union all select row_to_json(t)::text from (select * from audit_log) t
        union all select row_to_json(t)::text from (select * from transactions) t`),
    );
    for (const secret of SECRETS) expect(dump).not.toContain(secret);

    const [row] = await ctx.db
      .select({ login_sealed: userIds.loginSealed, password_sealed: userIds.passwordSealed })
      .from(userIds)
      .where(eq(userIds.id, id));
    expect(row!.login_sealed).toMatch(/^v1\./);
    expect(openSecret(ctx.config.appKey, 'user_ids.login', row!.login_sealed!)).toBe(LOGIN);
    // Bound to its column: a login does not open as a password.
    expect(() => openSecret(ctx!.config.appKey, 'user_ids.password', row!.login_sealed!)).toThrow();
    // A fresh IV per value: the same secret never seals to the same text.
    const key = ctx.config.appKey;
    expect(sealSecret(key, 'user_ids.login', LOGIN)).not.toBe(sealSecret(key, 'user_ids.login', LOGIN));
  });

  it('are not in the PGlite data directory files either (the username, as a control, is)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'iddesk-at-rest-'));
    const config = testConfig();
    const database = await openPglite({ dataDir });
    const app = await buildApp({ db: database.db, config });
    const fileCtx: TestContext = { app, db: database.db, database, config, close: async () => {} };
    try {
      await fillSecrets(fileCtx);
    } finally {
      await app.close();
      await database.close(); // CHECKPOINT: everything is in the files now
    }
    const files = filesUnder(dataDir);
    const contents = files.map((f) => readFileSync(f));
    const found = (text: string) => contents.some((c) => c.includes(Buffer.from(text, 'utf8')));
    expect(found('visible.username'), 'the scan sees plain columns').toBe(true);
    for (const secret of SECRETS) expect(found(secret), secret).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
