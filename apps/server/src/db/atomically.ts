import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './types';

/**
 * `work` in one transaction: its own, or the caller's when `db` is a transaction already
 * (money-calls runs a keyed call inside the transaction that stores its answer). Drizzle would
 * open a SAVEPOINT there, two more round trips while the pooled connection is held; none is
 * needed when a failure of `work` fails the caller's whole transaction anyway. A caller that
 * catches the failure and goes on in the same transaction must use `db.transaction` instead.
 */
export function atomically<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Tx) : db.transaction(work);
}
