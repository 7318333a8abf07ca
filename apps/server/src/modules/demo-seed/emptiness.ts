import { ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  bills,
  catalogueItems,
  idRequests,
  mediaItems,
  paymentTypes,
  reviews,
  settings,
  transactions,
  uploads,
  userIds,
  users,
  withdrawals,
} from '../../db/schema';
import type { Db } from '../../db/types';

/**
 * Tables whose any row means "someone already uses this installation". The admin created on
 * first start, their sessions and the audit log do not count; settings do (an admin who saved
 * a marquee or contacts has started configuring the site).
 */
const CONTENT_TABLES: PgTable[] = [
  settings,
  reviews,
  mediaItems,
  paymentTypes,
  uploads,
  transactions,
  bills,
  withdrawals,
  catalogueItems,
  userIds,
  idRequests,
];

async function hasRows(db: Db, table: PgTable): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .limit(1);
  return rows.length > 0;
}

/** True when the database holds anything beyond the bootstrap admin account(s). */
export async function databaseHasData(db: Db): Promise<boolean> {
  const customers = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(ne(users.type, 'admin'))
    .limit(1);
  if (customers.length > 0) return true;
  for (const table of CONTENT_TABLES) {
    if (await hasRows(db, table)) return true;
  }
  return false;
}
