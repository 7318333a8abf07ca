import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The database as the app sees it: the same Drizzle API whether PGlite or node-postgres sits
 * underneath. A transaction handle is a `Db` too, so repositories accept either. Built without
 * the schema: nothing uses Drizzle's relational `db.query`, and with it every transaction
 * built a query builder per table (2.8 % of a keyed withdrawal's allocated bytes, issue 19).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseDriver = 'pglite' | 'postgres';

/** An open database plus what it takes to shut it down cleanly. */
export type Database = {
  db: Db;
  driver: DatabaseDriver;
  close(): Promise<void>;
};
