import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { PHASH_BANDS, phashBand, uploadLookalikes, uploads, type UploadRow } from '../../db/schema';
import { LOOKALIKE_MAX_DISTANCE } from '../../lib/perceptual-hash';
import { preparedOnce } from '../../db/plan-cache';
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

/** Every stored file's row: its name, visibility and size (the bucket commands). */
export function listUploads(db: Db) {
  return db
    .select({ key: uploads.key, visibility: uploads.visibility, byteSize: uploads.byteSize })
    .from(uploads)
    .orderBy(uploads.key);
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
  const probes = bandProbes(phash).map((probe) => sql`${`{${probe.join(',')}}`}::int[]`);
  return lookalikeSearch(db, sql`${key}`, sql`${phash}::bigint`, probes);
}

/**
 * The search itself, its key, hash and band probes (one `int[]` per band) given as SQL: values
 * (`findLookalikes`) or the placeholders of a statement prepared once (`insertProof`).
 */
function lookalikeSearch(db: Db | Tx, key: SQL, phash: SQL, probes: SQL[]) {
  const distance = sql<number>`bit_count((${uploads.phash} # ${phash})::bit(64))::int`;
  return db
    .select({ otherKey: sql<string>`${uploads.key}`.as('other_key'), distance: distance.as('distance') })
    .from(uploads)
    .where(
      and(
        sql`${uploads.phash} is not null`,
        or(...PHASH_BANDS.map((band, i) => sql`${phashBand(uploads.phash, band)} = any(${probes[i]!})`)),
        sql`${uploads.key} <> ${key}`,
        sql`${distance} <= ${sql.raw(String(LOOKALIKE_MAX_DISTANCE))}`,
      ),
    );
}

/**
 * A proof's row and its pairs with every earlier proof whose hash is within
 * LOOKALIKE_MAX_DISTANCE bits, both ways, as parts of one statement (issue 19: no round trip
 * of their own), so the staff lists need only an indexed lookup per row: the CTEs `inserted`
 * (the row) and `found` (the earlier look-alikes), and `pairs`, the select of the pairs to
 * write (`insertProof`'s statement; a deposit's CTE, bills/repository.ts). The search does not
 * see the row inserted beside it; the pairs' foreign keys are checked at the statement's end,
 * when it is there. Every value is a placeholder (`proofValues`), so a statement holding them
 * is built and planned once per database (db/plan-cache.ts `preparedOnce`): written afresh,
 * PostgreSQL spent as long planning it as running it (0.15–0.24 ms each on 10 000 proofs).
 */
export function proofParts(tx: Db | Tx) {
  const key = sql`${sql.placeholder('key')}::text`;
  const phash = sql`${sql.placeholder('phash')}::bigint`;
  const inserted = tx.$with('inserted').as(
    tx
      .insert(uploads)
      .values({
        key: sql.placeholder('key'),
        visibility: sql.placeholder('visibility'),
        ownerId: sql.placeholder('ownerId'),
        contentType: sql.placeholder('contentType'),
        byteSize: sql.placeholder('byteSize'),
        width: sql.placeholder('width'),
        height: sql.placeholder('height'),
        phash,
      })
      .returning({ key: uploads.key }),
  );
  const probes = PHASH_BANDS.map((_band, i) => sql`${sql.placeholder(`band${i}`)}::int[]`);
  const found = tx.$with('found').as(lookalikeSearch(tx, key, phash, probes));
  const pairs = sql`select ${key}, other_key, distance from found union all select other_key, ${key}, distance from found`;
  return { inserted, found, pairs };
}

/**
 * The values of `proofParts`' placeholders. A proof without a hash has no band to probe: it
 * finds no look-alike, and none finds it.
 */
export function proofValues(values: Omit<UploadRow, 'createdAt'>) {
  const probes = values.phash === null ? PHASH_BANDS.map((): number[] => []) : bandProbes(values.phash);
  return {
    ...values,
    phash: values.phash === null ? null : String(values.phash),
    ...Object.fromEntries(probes.map((probe, i) => [`band${i}`, `{${probe.join(',')}}`])),
  };
}

const proofInsertOf = (tx: Tx) =>
  preparedOnce(tx, 'proof insert', (name) => {
    const { inserted, found, pairs } = proofParts(tx);
    return tx.with(inserted, found).insert(uploadLookalikes).select(pairs).onConflictDoNothing().prepare(name);
  });

export async function insertProof(tx: Tx, values: Omit<UploadRow, 'createdAt'> & { phash: bigint }): Promise<void> {
  await proofInsertOf(tx).execute(proofValues(values));
}
