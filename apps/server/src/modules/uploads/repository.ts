import { and, eq, sql } from 'drizzle-orm';
import { uploadLookalikes, uploads, type UploadRow } from '../../db/schema';
import { LOOKALIKE_MAX_DISTANCE } from '../../lib/perceptual-hash';
import type { Db, Tx } from '../../db/types';

export async function insertUpload(
  tx: Tx,
  values: Omit<UploadRow, 'createdAt'>,
): Promise<void> {
  await tx.insert(uploads).values(values);
}

export async function findUpload(
  db: Db,
  key: string,
  visibility: UploadRow['visibility'],
): Promise<UploadRow | null> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.visibility, visibility)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteUpload(tx: Tx, key: string): Promise<void> {
  await tx.delete(uploads).where(eq(uploads.key, key));
}

/**
 * Pair a new proof with every earlier one whose hash is within LOOKALIKE_MAX_DISTANCE bits,
 * both ways. One scan of the hashes on upload (bit_count, PostgreSQL 14+), so the staff
 * lists need only an indexed lookup per row.
 */
export async function recordLookalikes(tx: Tx, key: string, phash: bigint): Promise<void> {
  const distance = sql<number>`bit_count((${uploads.phash} # ${phash}::bigint)::bit(64))::int`;
  const matches = await tx
    .select({ otherKey: uploads.key, distance })
    .from(uploads)
    .where(and(sql`${uploads.phash} is not null`, sql`${uploads.key} <> ${key}`, sql`${distance} <= ${LOOKALIKE_MAX_DISTANCE}`));
  if (matches.length === 0) return;
  await tx
    .insert(uploadLookalikes)
    .values(matches.flatMap((m) => [
      { key, otherKey: m.otherKey, distance: m.distance },
      { key: m.otherKey, otherKey: key, distance: m.distance },
    ]))
    .onConflictDoNothing();
}
