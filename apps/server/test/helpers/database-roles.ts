import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { adminQuery } from './processes';

export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const ROLES_SQL = resolve(import.meta.dirname, '../../../../deploy/roles.sql');

/** A PostgreSQL client tool of PG_BIN_DIR; throws with its output when it fails. */
export function pgTool(tool: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(join(PG_BIN_DIR, tool), args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

export const urlAs = (url: string, role: string, database?: string) => {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  if (database) u.pathname = `/${database}`;
  return u.toString();
};

export type TwoRoleDatabase = {
  name: string;
  owner: string;
  app: string;
  /** The owner role: migrations, dumps, restores. */
  ownerUrl: string;
  /** The app role: what the servers' DATABASE_URL names. */
  appUrl: string;
  drop(): Promise<void>;
};

/**
 * A new database on TEST_DATABASE_URL's server with the owner and app roles of
 * deploy/roles.sql, run as docs/operations.md says (psql, as the superuser, in that database).
 * Role names are unique to the test: roles belong to the whole server. Not migrated yet.
 */
export async function twoRoleDatabase(serverUrl: string): Promise<TwoRoleDatabase> {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const name = `iddesk_roles_${suffix}`;
  const owner = `iddesk_owner_${suffix}`;
  const app = `iddesk_app_${suffix}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  pgTool('psql', [
    '-X',
    '-q',
    '-v', 'ON_ERROR_STOP=1',
    '-v', `owner=${owner}`,
    '-v', `app=${app}`,
    '-v', `owner_password=${randomBytes(12).toString('hex')}`,
    '-v', `app_password=${randomBytes(12).toString('hex')}`,
    '-d', urlAs(serverUrl, new URL(serverUrl).username, name),
    '-f', ROLES_SQL,
  ]);
  return {
    name,
    owner,
    app,
    ownerUrl: urlAs(serverUrl, owner, name),
    appUrl: urlAs(serverUrl, app, name),
    async drop() {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminQuery(serverUrl, `DROP ROLE IF EXISTS "${app}", "${owner}"`);
    },
  };
}
