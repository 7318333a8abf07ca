// The two PostgreSQL roles of deploy/roles.sql (docs/operations.md, "Database roles"), made the
// way the docs say: psql, as the superuser, in the app's database. For the scale-out test, the
// soak and the API tests that need an owner and an app role on a throwaway cluster.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PG_BIN_DIR } from './postgres-cluster.mjs';

export const ROLES_SQL = join(import.meta.dirname, '../../deploy/roles.sql');

/** psql of PG_BIN_DIR with `args`; throws with its output when it fails. */
export function psql(args) {
  const result = spawnSync(join(PG_BIN_DIR, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`psql ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** `url` with another role (no password) and, when given, another database. */
export function urlAs(url, role, database) {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

/**
 * CREATE DATABASE `database` on the server of `superuserUrl`, then deploy/roles.sql in it with
 * the roles `owner` and `app` (random passwords: the throwaway cluster trusts loopback).
 * Returns the owner's and the app's URLs to it. Not migrated yet: `npm run migrate` as the owner.
 * @param {string} superuserUrl
 * @param {{ database: string, owner?: string, app?: string }} names
 */
export function createRolesDatabase(superuserUrl, { database, owner = 'iddesk_owner', app = 'iddesk_app' }) {
  psql(['-d', superuserUrl, '-c', `create database "${database}"`]);
  const superuser = decodeURIComponent(new URL(superuserUrl).username);
  psql([
    '-v', `owner=${owner}`,
    '-v', `app=${app}`,
    '-v', `owner_password=${randomBytes(12).toString('hex')}`,
    '-v', `app_password=${randomBytes(12).toString('hex')}`,
    '-d', urlAs(superuserUrl, superuser, database),
    '-f', ROLES_SQL,
  ]);
  return {
    owner,
    app,
    adminUrl: urlAs(superuserUrl, superuser, database),
    ownerUrl: urlAs(superuserUrl, owner, database),
    appUrl: urlAs(superuserUrl, app, database),
  };
}
