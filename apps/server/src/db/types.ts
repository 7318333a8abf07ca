import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { StatementRunner } from './prepared';
import type * as schema from './schema';

/**
 * The database as the app sees it: the same Drizzle API whether PGlite or node-postgres sits
 * underneath. A transaction handle is a `Db` too, so repositories accept either.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseDriver = 'pglite' | 'postgres';

/** An open database plus what it takes to shut it down cleanly. */
export type Database = {
  db: Db;
  driver: DatabaseDriver;
  /** Runs the hot prepared statements of `db` (db/prepared.ts). */
  statements: StatementRunner;
  close(): Promise<void>;
};
