import { randomBytes } from 'node:crypto';
import { createRolesDatabase } from '../../../../scripts/lib/database-roles.mjs';
import { adminQuery } from './processes';

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
  const made = createRolesDatabase(serverUrl, {
    database: name,
    owner: `iddesk_owner_${suffix}`,
    app: `iddesk_app_${suffix}`,
  });
  return {
    name,
    owner: made.owner,
    app: made.app,
    ownerUrl: made.ownerUrl,
    appUrl: made.appUrl,
    async drop() {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminQuery(serverUrl, `DROP ROLE IF EXISTS "${made.app}", "${made.owner}"`);
    },
  };
}
