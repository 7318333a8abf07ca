import type { Db } from './types';

const cache = new WeakMap<Db, Map<string, unknown>>();
/** The database handle a handle's prepared statements run on (db/pipeline.ts), when not itself. */
const runsOn = new WeakMap<Db, Db>();

/**
 * Prepared statements of `db` run on `statementDb` instead: on PostgreSQL, a handle over the
 * pipelined connection (db/pipeline.ts). Only the handle given here is redirected; a
 * transaction handle runs its statements itself.
 */
export function runPreparedOn(db: Db, statementDb: Db): void {
  runsOn.set(db, statementDb);
}

/**
 * A query built once per database handle and then only executed with new placeholder values.
 * For the hot paths (the 5-second poll): building a Drizzle query costs more CPU than the
 * database spends answering it, and on PostgreSQL a named statement is also parsed once per
 * connection. `build` must use `sql.placeholder(…)` for every value that changes per call.
 * Each must be one standalone statement that answers quickly: on PostgreSQL they share one
 * pipelined connection (see `runPreparedOn`).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  const target = runsOn.get(db) ?? db;
  let statements = cache.get(target);
  if (!statements) {
    statements = new Map();
    cache.set(target, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(target, name);
    statements.set(name, statement);
  }
  return statement;
}
