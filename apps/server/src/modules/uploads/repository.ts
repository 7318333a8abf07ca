import { and, eq, or, sql } from 'drizzle-orm';
import { PHASH_BANDS, phashBand, uploadLookalikes, uploads, type UploadRow } from '../../db/schema';
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

/** Per band (PHASH_BANDS), the band values within one bit of `phash`'s. */
export function bandProbes(phash: bigint): number[][] {
  const bits = BigInt.asUintN(64, phash);
  return PHASH_BANDS.map(([first, width]) => {
    const value = Number((bits >> BigInt(first)) & BigInt(2 ** width - 1));
    return [value, ...Array.from({ length: width }, (_, bit) => value ^ (1 << bit))];
  });
}

/**
 * Every other proof whose hash is within LOOKALIKE_MAX_DISTANCE bits of `phash`. Indexed
 * (issue 19): a within-distance hash shares a band's value give or take one bit, so the band
 * indexes find the few candidates and the whole distance is checked on those alone. It was a
 * scan of every stored proof: ~16–40 ms of PostgreSQL on 50 000 of them, in the upload's
 * money transaction.
 */
export function findLookalikes(db: Db | Tx, key: string, phash: bigint) {
  const probes = bandProbes(phash);
  const distance = sql<number>`bit_count((${uploads.phash} # ${phash}::bigint)::bit(64))::int`;
  return db
    .select({ otherKey: sql<string>`${uploads.key}`.as('other_key'), distance: distance.as('distance') })
    .from(uploads)
    .where(
      and(
        sql`${uploads.phash} is not null`,
        or(...PHASH_BANDS.map((band, i) => sql`${phashBand(uploads.phash, band)} = any(${`{${probes[i]!.join(',')}}`}::int[])`)),
        sql`${uploads.key} <> ${key}`,
        sql`${distance} <= ${sql.raw(String(LOOKALIKE_MAX_DISTANCE))}`,
      ),
    );
}

/**
 * A proof's row and its pairs with every earlier proof whose hash is within
 * LOOKALIKE_MAX_DISTANCE bits, both ways, so the staff lists need only an indexed lookup per
 * row (and the payment's insert trigger reads them, migration 0016).
 */
export async function insertProof(tx: Tx, values: Omit<UploadRow, 'createdAt'> & { phash: bigint }): Promise<void> {
  await tx.insert(uploads).values(values);
  const found = tx.$with('found').as(findLookalikes(tx, values.key, values.phash));
  await tx
    .with(found)
    .insert(uploadLookalikes)
    .select(sql`select ${values.key}, other_key, distance from found union all select other_key, ${values.key}, distance from found`)
    .onConflictDoNothing();
}
