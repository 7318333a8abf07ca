import { asc, eq, sql } from 'drizzle-orm';
import { paymentTypes, type PaymentTypeRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { publicCacheOf } from '../../caches/public-answers';

export type PaymentTypeValues = Omit<PaymentTypeRow, 'id' | 'createdAt' | 'updatedAt'>;

export async function listPaymentTypes(db: Db, onlyActive: boolean): Promise<PaymentTypeRow[]> {
  return db
    .select()
    .from(paymentTypes)
    .where(onlyActive ? eq(paymentTypes.isActive, true) : undefined)
    .orderBy(asc(paymentTypes.id));
}

export async function findPaymentType(db: Db, id: number): Promise<PaymentTypeRow | null> {
  const rows = await db.select().from(paymentTypes).where(eq(paymentTypes.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * A payment type as a money call checks it (add funds, paying for an ID), from every payment
 * type kept in memory until the table changes (caches/public-answers.ts, dropped on every server
 * by the change feed): no statement per call for what staff edit a few times a year. The
 * list, not one entry per id asked for, so no id a caller sends can grow the cache.
 */
export async function cachedPaymentType(db: Db, id: number): Promise<PaymentTypeRow | null> {
  const all = await publicCacheOf(db).value('payment-types:all', ['payment_types'], () => listPaymentTypes(db, false));
  return all.find((type) => type.id === id) ?? null;
}

/** Locks the row, so an edit reads the "before" it replaces. */
export async function findPaymentTypeForUpdate(tx: Tx, id: number): Promise<PaymentTypeRow | null> {
  const rows = await tx.select().from(paymentTypes).where(eq(paymentTypes.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertPaymentType(tx: Tx, values: PaymentTypeValues): Promise<PaymentTypeRow> {
  const rows = await tx.insert(paymentTypes).values(values).returning();
  return rows[0]!;
}

export async function updatePaymentType(
  tx: Tx,
  id: number,
  values: Partial<PaymentTypeValues>,
): Promise<PaymentTypeRow> {
  const rows = await tx
    .update(paymentTypes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(paymentTypes.id, id))
    .returning();
  return rows[0]!;
}
