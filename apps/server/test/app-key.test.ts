import { randomBytes, randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { appKeyFingerprint, userIds } from '../src/db/schema';
import type { Db } from '../src/db/types';
import { openSecret, sealSecret } from '../src/lib/secret-box';
import {
  AppKeyMismatchError,
  fingerprintOf,
  Keyring,
  RotationError,
  rotateAppKey,
  SEALED_COLUMNS,
  verifyAppKey,
} from '../src/modules/app-key';
import { createFromWallet, createItem, customerWith, handle, LOGIN, PASSWORD } from './helpers/ids-fixtures';
import { createAdmin, createTestApp, enrolSecondFactor, get, post, signIn, totpCode, type TestContext } from './helpers/test-app';

const WISH = 'Wished-Secret-4711';
const NEW_PASSWORD = 'Admin-Set-Secret-0815';

const contexts: TestContext[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const ctx of contexts.splice(0)) await ctx.close();
});

async function open(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  return ctx;
}

/** A second server on the same database, with other keys. */
async function serverWith(ctx: TestContext, appKey: Buffer, appKeyPrevious?: Buffer) {
  const app = await buildApp({ db: ctx.db, config: { ...ctx.config, appKey, appKeyPrevious } });
  apps.push(app);
  return app;
}

function approve(app: FastifyInstance, token: string, userIdId: number, idempotencyKey: string) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/user_ids/${userIdId}/approve`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': idempotencyKey },
    payload: JSON.stringify({ amount: '500', login: LOGIN, password: PASSWORD }),
  });
}

/** Every sealed column filled: an approved ID (with a stored idempotent answer), a wish, a new password. */
async function fillSecrets(ctx: TestContext, app: FastifyInstance = ctx.app) {
  const admin = await createAdmin(ctx);
  const item = await createItem(app, admin.token);
  const user = await customerWith(ctx, admin.token, '1000');
  const created = (await createFromWallet(app, user.token, item.id, '500', 'visible.username')).json().data;
  const idempotencyKey = randomUUID();
  expect((await approve(app, admin.token, created.id, idempotencyKey)).statusCode).toBe(200);
  const wish = (await post(app, `/api/user_ids/${created.id}/change_password`, { password: WISH }, user.token)).json().data;
  expect((await handle(app, admin.token, wish.id, { action: 'approve', password: NEW_PASSWORD })).statusCode).toBe(200);
  await post(app, `/api/user_ids/${created.id}/change_password`, { password: WISH }, user.token);
  // A second factor: its TOTP secret is sealed too (issue 15).
  const { secret } = await enrolSecondFactor(app, user.token);
  return { admin, user, userIdId: created.id as number, idempotencyKey, totpSecret: secret };
}

/** Every sealed value in the database, with the purpose it was sealed for. */
async function sealedValues(db: Db) {
  const values: { purpose: string; value: string }[] = [];
  for (const { table, column, purpose } of SEALED_COLUMNS) {
    const rows = await db.select({ value: column }).from(table).where(isNotNull(column));
    for (const { value } of rows) values.push({ purpose, value: value! });
  }
  return values;
}

function opensWith(key: Buffer, { purpose, value }: { purpose: string; value: string }) {
  try {
    openSecret(key, purpose, value);
    return true;
  } catch {
    return false;
  }
}

async function recorded(db: Db) {
  const rows = await db.select().from(appKeyFingerprint);
  return rows.map((r) => r.fingerprint);
}

describe('one key: the fingerprint in the database', () => {
  it('the first server records a fingerprint of its key (never the key); the same key starts again, another is refused', async () => {
    const ctx = await open();
    const [k1, k2] = [randomBytes(32), randomBytes(32)];
    expect(await verifyAppKey(ctx.db, new Keyring(k1))).toBe('current');
    const [fingerprint] = await recorded(ctx.db);
    expect(fingerprint).toBe(fingerprintOf(k1));
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    for (const form of [k1.toString('hex'), k1.toString('base64')]) expect(fingerprint).not.toContain(form);

    expect(await verifyAppKey(ctx.db, new Keyring(k1))).toBe('current');
    await expect(verifyAppKey(ctx.db, new Keyring(k2))).rejects.toThrow(AppKeyMismatchError);
    await expect(verifyAppKey(ctx.db, new Keyring(k2))).rejects.toThrow(/APP_KEY does not match/);
    // The new key with the old one as APP_KEY_PREVIOUS: accepted, the rotation still to run.
    expect(await verifyAppKey(ctx.db, new Keyring(k2, k1))).toBe('rotation-pending');
    expect(await recorded(ctx.db)).toEqual([fingerprintOf(k1)]);
  });

  it('two servers starting at once on an empty database agree on one fingerprint: the other key is refused', async () => {
    const ctx = await open();
    const [k1, k2] = [randomBytes(32), randomBytes(32)];
    // On PostgreSQL the pool runs both on their own connections, at once.
    const results = await Promise.allSettled([verifyAppKey(ctx.db, new Keyring(k1)), verifyAppKey(ctx.db, new Keyring(k2))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppKeyMismatchError);
    const winner = results[0]!.status === 'fulfilled' ? k1 : k2;
    expect(await recorded(ctx.db)).toEqual([fingerprintOf(winner)]);
  });

  it('a database sealed before fingerprints existed: the key that opens its secrets is recorded, another is refused', async () => {
    const ctx = await open();
    await fillSecrets(ctx);
    expect(await recorded(ctx.db)).toEqual([]);
    await expect(verifyAppKey(ctx.db, new Keyring(randomBytes(32)))).rejects.toThrow(/does not open with it/);
    expect(await recorded(ctx.db)).toEqual([]);
    expect(await verifyAppKey(ctx.db, new Keyring(ctx.config.appKey))).toBe('current');
    expect(await recorded(ctx.db)).toEqual([fingerprintOf(ctx.config.appKey)]);
  });
});

describe('key rotation (APP_KEY_PREVIOUS, npm run rotate-key)', () => {
  it('re-seals every stored secret under the new key and moves the fingerprint; the API reads them with the new key alone', async () => {
    const ctx = await open();
    const oldKey = ctx.config.appKey;
    const newKey = randomBytes(32);
    await verifyAppKey(ctx.db, new Keyring(oldKey));
    const { admin, user, userIdId, idempotencyKey, totpSecret } = await fillSecrets(ctx);
    const before = await sealedValues(ctx.db);
    // One of each column: login, password, two wishes, the TOTP secret, the idempotent answer.
    expect(new Set(before.map((v) => v.purpose)).size).toBe(SEALED_COLUMNS.length);
    expect(before.every((v) => opensWith(oldKey, v))).toBe(true);

    const result = await rotateAppKey(ctx.db, new Keyring(newKey, oldKey));
    expect(Object.values(result.resealed).reduce((a, b) => a + b, 0)).toBe(before.length);
    expect(result.alreadyCurrent).toBe(0);

    const after = await sealedValues(ctx.db);
    expect(after).toHaveLength(before.length);
    expect(after.every((v) => opensWith(newKey, v) && !opensWith(oldKey, v))).toBe(true);
    // Same plaintexts, under the new key.
    const plain = (values: typeof before, key: Buffer) => values.map((v) => openSecret(key, v.purpose, v.value)).sort();
    expect(plain(after, newKey)).toEqual(plain(before, oldKey));
    expect(await recorded(ctx.db)).toEqual([fingerprintOf(newKey)]);

    // A server with only the new key reads everything through the API; one with the old key is refused.
    expect(await verifyAppKey(ctx.db, new Keyring(newKey))).toBe('current');
    await expect(verifyAppKey(ctx.db, new Keyring(oldKey))).rejects.toThrow(AppKeyMismatchError);
    const app = await serverWith(ctx, newKey);
    const owner = await get(app, `/api/user_ids/${userIdId}`, user.token);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data).toMatchObject({ login: LOGIN, password: NEW_PASSWORD });
    const replay = await approve(app, admin.token, userIdId, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toMatchObject({ login: LOGIN, password: PASSWORD });
    // The second factor opens under the new key: the next time step's code signs in.
    // registerUser's password (helpers/test-app newUserDetails).
    const token = await signIn(app, user.email, 'correct horse battery', () => totpCode(totpSecret, new Date(Date.now() + 30_000)));
    expect(token).toEqual(expect.any(String));

    // Run twice: nothing left to re-seal.
    const again = await rotateAppKey(ctx.db, new Keyring(newKey, oldKey));
    expect(Object.values(again.resealed).every((n) => n === 0)).toBe(true);
    expect(again.alreadyCurrent).toBe(before.length);
  }, 90_000);

  it('while the rotation is pending, a server with both keys reads old values and seals new ones under the key the database names', async () => {
    const ctx = await open();
    const oldKey = ctx.config.appKey;
    const newKey = randomBytes(32);
    await verifyAppKey(ctx.db, new Keyring(oldKey));
    const both = await serverWith(ctx, newKey, oldKey);
    const { userIdId, user } = await fillSecrets(ctx, both);
    expect((await get(both, `/api/user_ids/${userIdId}`, user.token)).json().data).toMatchObject({ login: LOGIN });
    // Sealed under the old key, so servers not yet restarted with both keys can open it.
    const [row] = await ctx.db.select().from(userIds).where(eq(userIds.id, userIdId));
    expect(openSecret(oldKey, 'user_ids.login', row!.loginSealed!)).toBe(LOGIN);
    expect((await get(ctx.app, `/api/user_ids/${userIdId}`, user.token)).json().data).toMatchObject({ login: LOGIN });

    await rotateAppKey(ctx.db, new Keyring(newKey, oldKey));
    // After the rotation the same server seals under the new key.
    const later = await fillSecrets(ctx, both);
    const [fresh] = await ctx.db.select().from(userIds).where(eq(userIds.id, later.userIdId));
    expect(openSecret(newKey, 'user_ids.login', fresh!.loginSealed!)).toBe(LOGIN);
    // A server left on the old key alone can no longer seal: refused, not sealed under a dead key.
    const creator = await customerWith(ctx, later.admin.token, '1000');
    const item = await createItem(ctx.app, later.admin.token);
    const pending = (await createFromWallet(ctx.app, creator.token, item.id, '500', 'stale.server')).json().data;
    const stale = await approve(ctx.app, later.admin.token, pending.id, randomUUID());
    expect(stale.statusCode).toBe(500);
    const [untouched] = await ctx.db.select().from(userIds).where(eq(userIds.id, pending.id));
    expect(untouched!.status).toBe('pending');
  });

  it('a value that opens under neither key stops the rotation and changes nothing', async () => {
    const ctx = await open();
    const oldKey = ctx.config.appKey;
    const newKey = randomBytes(32);
    const { userIdId } = await fillSecrets(ctx);
    await verifyAppKey(ctx.db, new Keyring(oldKey));
    // Sealed under a third key, as if written by a server with yet another APP_KEY.
    const foreign = sealSecret(randomBytes(32), 'user_ids.login', 'x');
    await ctx.db.update(userIds).set({ loginSealed: foreign }).where(eq(userIds.id, userIdId));
    const before = await sealedValues(ctx.db);
    await expect(rotateAppKey(ctx.db, new Keyring(newKey, oldKey))).rejects.toThrow(RotationError);
    expect(await sealedValues(ctx.db)).toEqual(before);
    expect(await recorded(ctx.db)).toEqual([fingerprintOf(oldKey)]);
    await expect(rotateAppKey(ctx.db, new Keyring(newKey))).rejects.toThrow(/APP_KEY_PREVIOUS is not set/);
  });
});
