// Types of database-roles.mjs for the TypeScript that imports it (scale-out, soak, API tests).
export const ROLES_SQL: string;
export function psql(args: string[]): string;
export function urlAs(url: string, role: string, database?: string): string;
export type RolesDatabase = {
  owner: string;
  app: string;
  /** The superuser, in that database. */
  adminUrl: string;
  ownerUrl: string;
  appUrl: string;
};
export function createRolesDatabase(
  superuserUrl: string,
  names: { database: string; owner?: string; app?: string },
): RolesDatabase;
