import { and, eq, sql } from 'drizzle-orm';
import { proofFingerprints, proofKeys, uploads, type UploadRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import type { Probe } from '../../lib/lookalike';

export async function insertUpload(tx: Tx, values: Omit<UploadRow, 'createdAt'>): Promise<void> {
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

/**
 * A key held by this many fingerprints is a template's (a label or a button every receipt of an
 * app shows): the search ignores it, and no further fingerprint is stored under it. So the rows
 * the search reads per key stay under this cap however many proofs are stored.
 */
export const LOOKALIKE_KEY_CAP = 8;
/** The search hands at most this many candidates, the likeliest first, to the judgement. */
export const LOOKALIKE_CANDIDATES = 8;
/** A proof names at most this many earlier look-alikes (the payments' tags stop at 20 too). */
export const LOOKALIKES_NAMED_MAX = 20;

/** A stored proof the search found: its fingerprint and the ways round its keys matched. */
export type LookalikeCandidate = { uploadKey: string; fingerprint: Buffer; variants: number[] };

/**
 * The stored proofs sharing the most uncommon keys with `probes` (lib/lookalike.ts
 * `probeKeys`), at most LOOKALIKE_CANDIDATES. Per probe, at most LOOKALIKE_KEY_CAP index rows are
 * read; a key that has that many is a template's and counts for nothing. A candidate scores, per
 * way round, the sum over the new proof's lines of 1 / (the fingerprints holding the line's
 * key): a line only it shares counts 1, a line shared by seven 1/7. One statement, whose work
 * is bounded by the probes, not by the stored proofs.
 */
export async function findLookalikeCandidates(db: Db | Tx, probes: Probe[], exceptKey: string | null = null): Promise<LookalikeCandidate[]> {
  const unique = new Map(probes.map((p) => [`${p.key}:${p.line}:${p.variant}`, p]));
  if (unique.size === 0) return [];
  const list = [...unique.values()];
  const keys = `{${list.map((p) => p.key.toString()).join(',')}}`;
  const lines = `{${list.map((p) => p.line).join(',')}}`;
  const variants = `{${list.map((p) => p.variant).join(',')}}`;
  type Row = { uploadKey: string; fingerprint: Uint8Array; variants: number[] };
  const result = await db.execute<Row>(sql`
    with probe as (
      select * from unnest(${keys}::bigint[], ${lines}::int[], ${variants}::int[]) as p(key, line, variant)
    ), posting as (
      select p.line, p.variant, k.ids
      from probe p
      cross join lateral (
        select array_agg(held.fingerprint_id) as ids
        from (select ${proofKeys.fingerprintId} as fingerprint_id from ${proofKeys}
              where ${proofKeys.key} = p.key limit ${LOOKALIKE_KEY_CAP}) as held
      ) as k
      where cardinality(k.ids) < ${LOOKALIKE_KEY_CAP}
    ), per_line as (
      select id, variant, line, max(1.0 / cardinality(ids)) as weight
      from posting, unnest(ids) as id
      group by id, variant, line
    ), per_variant as (
      select id, variant, sum(weight) as score from per_line group by id, variant
    ), ranked as (
      select id, max(score) as score, array_agg(variant order by score desc, variant) as variants
      from per_variant group by id
      order by max(score) desc, id
      limit ${LOOKALIKE_CANDIDATES}
    )
    select f.upload_key as "uploadKey", f.fingerprint, r.variants
    from ranked r join ${proofFingerprints} f on f.id = r.id
    where f.upload_key is distinct from ${exceptKey}
    order by r.score desc, r.id`);
  // PGlite returns { rows }, node-postgres a QueryResult with rows too.
  const rows = (result as { rows: Row[] }).rows;
  return rows.map((row) => ({
    uploadKey: row.uploadKey,
    fingerprint: Buffer.from(row.fingerprint.buffer, row.fingerprint.byteOffset, row.fingerprint.byteLength),
    variants: row.variants.map(Number),
  }));
}

/**
 * A private image's fingerprint row, naming the earlier proofs it looks like, and its index
 * keys: those not yet held by LOOKALIKE_KEY_CAP fingerprints. One statement.
 */
export async function insertFingerprint(
  tx: Tx,
  uploadKey: string,
  fingerprint: Buffer,
  lookalikeOf: string[],
  keys: bigint[],
): Promise<void> {
  const stored = tx.$with('stored').as(
    tx.insert(proofFingerprints).values({ uploadKey, fingerprint, lookalikeOf }).returning({ id: proofFingerprints.id }),
  );
  const list = `{${keys.map(String).join(',')}}`;
  await tx
    .with(stored)
    .insert(proofKeys)
    .select(
      tx
        .select({ key: sql<bigint>`k.key`.as('key'), fingerprintId: sql<number>`${stored}.id`.as('fingerprint_id') })
        .from(sql`${stored}, unnest(${list}::bigint[]) as k(key)`)
        .where(
          sql`(select count(*) from (select 1 from ${proofKeys} p where p.key = k.key limit ${LOOKALIKE_KEY_CAP}) as held) < ${LOOKALIKE_KEY_CAP}`,
        ),
    )
    .onConflictDoNothing();
}
