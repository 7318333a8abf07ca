import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { MigrationsNotAppliedError } from '../src/db/migrate';
import { Keyring, verifyAppKey } from '../src/modules/app-key';
import { twoRoleDatabase, type TwoRoleDatabase } from './helpers/database-roles';
import { killLeftovers, runEntry } from './helpers/processes';
import { putSetting, SETTING } from '../src/modules/settings';
import { createAdmin, post, registerUser, testConfig, type TestContext, WIDE_MONEY_LIMITS } from './helpers/test-app';
import { addFunds, approveBill, createUpiPaymentType, withdrawUpiKeyed } from './helpers/wallet-fixtures';

/**
 * docs/operations.md "Database roles": deploy/roles.sql makes an owner role, which runs the
 * migrations (`npm run migrate` with DATABASE_OWNER_URL), and an app role, which the servers
 * use and which can read and write rows and nothing else.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('database-roles.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');

const databases: TwoRoleDatabase[] = [];
afterEach(async () => {
  killLeftovers();
  for (const d of databases.splice(0)) await d.drop();
});

async function rolesDatabase(): Promise<TwoRoleDatabase> {
  const d = await twoRoleDatabase(serverUrl!);
  databases.push(d);
  return d;
}

/** `npm run migrate` as a real process, with the owner's URL only. */
async function migrateCommand(env: Record<string, string>) {
  const run = runEntry('src/cli/migrate.ts', env);
  const code = await run.exited;
  return { code, output: run.output() };
}

/** Run `text` as `url`'s role; the SQLSTATE it fails with, or null when it succeeds. */
async function failureOf(url: string, text: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end();
  }
}

describe('the owner and app roles', () => {
  it('the owner migrates with npm run migrate; servers as the app role then start and move money', async () => {
    const d = await rolesDatabase();

    // Before the owner migrated, a server as the app role refuses to start, naming the command.
    const early = await openPostgres(d.appUrl).then(
      async (database) => {
        await database.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(early).toBeInstanceOf(MigrationsNotAppliedError);
    expect((early as Error).message).toMatch(new RegExp(`role "${d.app}" may not apply them.*npm run migrate.*DATABASE_OWNER_URL`));

    const first = await migrateCommand({ DATABASE_OWNER_URL: d.ownerUrl });
    expect(first.output).toMatch(new RegExp(`Migrations: applied \\d+ \\(as ${d.owner}\\)`));
    expect(first.code).toBe(0);
    const again = await migrateCommand({ DATABASE_OWNER_URL: d.ownerUrl });
    expect(again.output).toContain(`Migrations: the database is up to date (as ${d.owner}).`);
    expect(again.code).toBe(0);

    // Every table belongs to the owner.
    const owners = new pg.Client({ connectionString: d.ownerUrl });
    await owners.connect();
    try {
      const { rows } = await owners.query<{ owner: string; n: number }>(
        `select tableowner as owner, count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle') group by 1`,
      );
      expect(rows).toEqual([{ owner: d.owner, n: expect.any(Number) }]);
    } finally {
      await owners.end();
    }

    // The app as the app role: sign-ups, an upload, an approval, a keyed withdrawal, the poll.
    const database = await openPostgres(d.appUrl, { connectMs: 5_000, statementMs: 12_000 });
    try {
      // The app role set its own statement timeout at start: a new session of it has it.
      const session = new pg.Client({ connectionString: d.appUrl });
      await session.connect();
      try {
        expect((await session.query<{ t: string }>("select current_setting('statement_timeout') as t")).rows[0]?.t).toBe('12s');
      } finally {
        await session.end();
      }
      const config = testConfig();
      await verifyAppKey(database.db, new Keyring(config.appKey));
      const app = await buildApp({ db: database.db, config });
      try {
        await putSetting(database.db, SETTING.moneyLimits, JSON.stringify(WIDE_MONEY_LIMITS));
        const ctx = { app, db: database.db, database, config } as unknown as TestContext;
        const admin = await createAdmin(ctx);
        const paymentType = await createUpiPaymentType(app, admin.token);
        const customer = await registerUser(app);
        const bill = (await addFunds(app, customer.token, paymentType.id, '250.00')).json().data;
        expect((await approveBill(app, admin.token, bill.id)).statusCode).toBe(200);
        expect((await withdrawUpiKeyed(app, customer.token, '40.00')).statusCode).toBe(200);
        const passport = await post(app, '/api/user/passport', undefined, customer.token);
        expect(passport.json().data.balance).toBe('210.00');
        const poll = await post(app, '/api/notifications/top', { id: 0 }, customer.token);
        expect(poll.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  it('the app role cannot drop or alter a table, create one, or read any role secret', async () => {
    const d = await rolesDatabase();
    expect((await migrateCommand({ DATABASE_OWNER_URL: d.ownerUrl })).code).toBe(0);

    // It reads and writes rows...
    expect(await failureOf(d.appUrl, `select count(*) from users`)).toBeNull();
    expect(await failureOf(d.appUrl, `delete from rate_limits`)).toBeNull();
    expect(await failureOf(d.appUrl, `listen iddesk_cache`)).toBeNull();
    expect(await failureOf(d.appUrl, `notify iddesk_cache`)).toBeNull();
    // ...and nothing else: 42501 insufficient_privilege for each.
    const refused = {
      'drop a table': `drop table transactions`,
      'alter a table': `alter table users add column note text`,
      'disable a trigger': `alter table users disable trigger all`,
      'truncate a table': `truncate rate_limits`,
      'create a table': `create table notes (id int)`,
      'create a schema': `create schema mine`,
      'change a function': `create or replace function public.f() returns int language sql as 'select 1'`,
      'read pg_authid (role password hashes)': `select rolname, rolpassword from pg_authid`,
      'read pg_shadow': `select usename, passwd from pg_shadow`,
      "change the owner's password": `alter role "${d.owner}" password 'taken-over'`,
      'become the owner': `set role "${d.owner}"`,
      'create a role': `create role intruder login`,
      'create a database': `create database intruder`,
      'rewrite the migrations record': `delete from drizzle.__drizzle_migrations`,
    };
    const results = Object.fromEntries(
      await Promise.all(Object.entries(refused).map(async ([what, text]) => [what, await failureOf(d.appUrl, text)])),
    );
    expect(results).toEqual(Object.fromEntries(Object.keys(refused).map((what) => [what, '42501'])));
    // pg_roles shows every role's password as asterisks, the owner's included.
    const client = new pg.Client({ connectionString: d.appUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`select rolpassword from pg_roles where rolname = $1`, [d.owner]);
      expect(rows).toEqual([{ rolpassword: '********' }]);
    } finally {
      await client.end();
    }
  });
});
