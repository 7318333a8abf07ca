import { asc, eq, sql } from 'drizzle-orm';
import { catalogueItems, type CatalogueItemRow, userIds } from '../../db/schema';
import type { Db, Tx } from '../../db/types';

export type CatalogueItemValues = Omit<CatalogueItemRow, 'id' | 'createdAt' | 'updatedAt'>;
export type CatalogueItemWithCount = CatalogueItemRow & { userIdCount: number };

/** Spelled out with table names: in a one-table select Drizzle leaves columns unqualified. */
const userIdCount = sql<number>`(select count(*) from ${userIds} u where u.item_id = "catalogue_items"."id")::int`;

export async function listItems(db: Db, onlyActive: boolean): Promise<CatalogueItemRow[]> {
  return db
    .select()
    .from(catalogueItems)
    .where(onlyActive ? eq(catalogueItems.isActive, true) : undefined)
    .orderBy(asc(catalogueItems.id));
}

export async function listItemsWithCounts(db: Db): Promise<CatalogueItemWithCount[]> {
  const rows = await db
    .select({ item: catalogueItems, userIdCount })
    .from(catalogueItems)
    .orderBy(asc(catalogueItems.id));
  return rows.map((r) => ({ ...r.item, userIdCount: r.userIdCount }));
}

export async function findItem(db: Db, id: number): Promise<CatalogueItemRow | null> {
  const rows = await db.select().from(catalogueItems).where(eq(catalogueItems.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findItemWithCount(db: Db, id: number): Promise<CatalogueItemWithCount | null> {
  const rows = await db
    .select({ item: catalogueItems, userIdCount })
    .from(catalogueItems)
    .where(eq(catalogueItems.id, id))
    .limit(1);
  return rows[0] ? { ...rows[0].item, userIdCount: rows[0].userIdCount } : null;
}

/** Locks the row, so an edit or delete reads the "before" it replaces. */
export async function findItemForUpdate(tx: Tx, id: number): Promise<CatalogueItemRow | null> {
  const rows = await tx.select().from(catalogueItems).where(eq(catalogueItems.id, id)).for('update');
  return rows[0] ?? null;
}

/**
 * A new user ID's transaction holds this shared lock while it inserts, so a concurrent delete
 * (which takes FOR UPDATE) either sees the new user ID and deactivates instead, or runs first
 * and the request finds no item.
 */
export async function findItemForShare(tx: Tx, id: number): Promise<CatalogueItemRow | null> {
  const rows = await tx.select().from(catalogueItems).where(eq(catalogueItems.id, id)).for('share');
  return rows[0] ?? null;
}

export async function insertItem(tx: Tx, values: CatalogueItemValues): Promise<CatalogueItemRow> {
  const rows = await tx.insert(catalogueItems).values(values).returning();
  return rows[0]!;
}

export async function updateItem(
  tx: Tx,
  id: number,
  values: Partial<CatalogueItemValues>,
): Promise<CatalogueItemRow> {
  const rows = await tx
    .update(catalogueItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(catalogueItems.id, id))
    .returning();
  return rows[0]!;
}

export async function deleteItem(tx: Tx, id: number): Promise<void> {
  await tx.delete(catalogueItems).where(eq(catalogueItems.id, id));
}

export async function countUserIdsOfItem(tx: Tx, itemId: number): Promise<number> {
  return tx.$count(userIds, eq(userIds.itemId, itemId));
}
