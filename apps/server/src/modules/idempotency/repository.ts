import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys, type IdempotencyKeyRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { sealingFingerprint } from '../app-key';

/** A money call's key as the caller sent it, with the fingerprint of what it asked. */
export type KeyUse = { userId: number; key: string; fingerprint: string };

const thisKey = ({ userId, key }: KeyUse) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Claims the key for this call, or takes over its row once expired (created before
 * `expiredBefore`). Null when another call holds it: on PostgreSQL a concurrent call with the
 * same key waits here until that one's transaction ends, then finds its answer (a rollback
 * leaves the key free, and this call claims it). Answers the app key's fingerprint, read under
 * a share lock, to seal the answer under (decision 014).
 */
export async function claimKey(tx: Tx, use: KeyUse, now: Date, expiredBefore: Date): Promise<{ appKey: string | null } | null> {
  const [row] = await tx
    .insert(idempotencyKeys)
    .values({ ...use, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint: use.fingerprint, response: null, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ appKey: sealingFingerprint });
  return row ?? null;
}

/** Stores the call's sealed answer under its claimed key. */
export async function storeAnswer(tx: Tx, use: KeyUse, response: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ response }).where(thisKey(use));
}

/** The row of the caller's key, if any. */
export async function findKey(db: Db, use: KeyUse): Promise<IdempotencyKeyRow | null> {
  const [row] = await db.select().from(idempotencyKeys).where(thisKey(use));
  return row ?? null;
}

export async function deleteKeysBefore(db: Db, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
