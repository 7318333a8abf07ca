import type { Db } from './types';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and then only executed with new placeholder values.
 * For the hot paths (the 5-second poll): building a Drizzle query costs more CPU than the
 * database spends answering it, and on PostgreSQL a named statement is also parsed once per
 * connection. `build` must use `sql.placeholder(…)` for every value that changes per call.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}
