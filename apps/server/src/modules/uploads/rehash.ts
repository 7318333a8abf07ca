import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { bills, idRequests, proofFingerprints, proofKeys, uploads } from '../../db/schema';
import type { Db } from '../../db/types';
import { InvalidImageError, processImage } from '../../lib/images';
import { FINGERPRINT_VERSION, type Lookalike } from '../../lib/lookalike';
import type { Storage } from '../../lib/storage';
import { insertFingerprint } from './repository';
import { earlierLookalikes, storageKeyOf } from './service';

/** What `rehashProofs` did. */
export type RehashSummary = { fingerprinted: number; lookalikes: number; missing: string[]; unreadable: string[]; paymentsTagged: number };

const BATCH = 100;

/**
 * `npm run lookalike:rehash` (docs/operations.md, "Look-alike fingerprints"): every private
 * image without a fingerprint of the current version (stored before migration 0032, or under an
 * older FINGERPRINT_VERSION) is read from storage, fingerprinted on the image thread, searched
 * among the proofs fingerprinted so far and stored, oldest first: as if each were uploaded again
 * in its order. Then every payment's stored tags are computed again from the tables
 * (iddesk_proof_tags, as migration 0016's backfill), so look-alike tags of the old detector go
 * and the new ones come; a payment's reference tags come out as they were. Safe to run again:
 * a second run finds nothing to do. A file missing from storage, or no longer an image, is
 * reported and left without a fingerprint.
 */
export async function rehashProofs(db: Db, storage: Storage, progress: (line: string) => void = () => {}): Promise<RehashSummary> {
  const summary: RehashSummary = { fingerprinted: 0, lookalikes: 0, missing: [], unreadable: [], paymentsTagged: 0 };
  const skipped = new Set<string>();
  for (;;) {
    const batch = await db
      .select({ key: uploads.key, fingerprintId: proofFingerprints.id })
      .from(uploads)
      .leftJoin(proofFingerprints, eq(proofFingerprints.uploadKey, uploads.key))
      .where(
        and(
          eq(uploads.visibility, 'private'),
          or(isNull(proofFingerprints.id), ne(sql`get_byte(${proofFingerprints.fingerprint}, 0)`, FINGERPRINT_VERSION)),
        ),
      )
      .orderBy(asc(uploads.createdAt), asc(uploads.key))
      .limit(BATCH + skipped.size);
    const todo = batch.filter((row) => !skipped.has(row.key));
    if (todo.length === 0) break;
    for (const { key, fingerprintId } of todo) {
      const file = await storage.get(storageKeyOf('private', key));
      if (!file) {
        summary.missing.push(key);
        skipped.add(key);
        continue;
      }
      let lookalike: Lookalike | null;
      try {
        ({ lookalike } = await processImage(file, 'private'));
      } catch (error) {
        if (!(error instanceof InvalidImageError)) throw error;
        summary.unreadable.push(key);
        skipped.add(key);
        continue;
      }
      await db.transaction(async (tx) => {
        if (fingerprintId !== null) {
          await tx.delete(proofKeys).where(eq(proofKeys.fingerprintId, fingerprintId));
          await tx.delete(proofFingerprints).where(eq(proofFingerprints.id, fingerprintId));
        }
        // A private image always carries one (lib/image-work.ts).
        const found = lookalike!;
        const lookalikeOf = await earlierLookalikes(tx, found, key);
        await insertFingerprint(tx, key, found.fingerprint, lookalikeOf, lookalikeOf.length > 0 ? [] : found.keys);
        if (lookalikeOf.length > 0) summary.lookalikes += 1;
      });
      summary.fingerprinted += 1;
    }
    progress(`fingerprinted ${summary.fingerprinted}, look-alikes ${summary.lookalikes}, missing ${summary.missing.length}`);
  }
  if (summary.fingerprinted > 0) summary.paymentsTagged = await tagPaymentsAgain(db, progress);
  return summary;
}

/** Every payment's tags from the tables, a thousand rows a transaction. */
async function tagPaymentsAgain(db: Db, progress: (line: string) => void): Promise<number> {
  let tagged = 0;
  for (const table of [bills, idRequests] as const) {
    for (let after = 0; ; ) {
      const rows = await db.transaction(async (tx) => {
        const ids = await tx.select({ id: table.id }).from(table).where(gt(table.id, after)).orderBy(asc(table.id)).limit(1000);
        if (ids.length === 0) return ids;
        const [first, last] = [ids[0]!.id, ids.at(-1)!.id];
        await tx.execute(
          table === bills
            ? sql`update bills set reuse = iddesk_proof_tags(reference, proof_key, id, null) where id between ${first} and ${last}`
            : sql`update id_requests set reuse = iddesk_proof_tags(reference, proof_key, null, id)
                  where id between ${first} and ${last} and type in ('create', 'deposit') and (reference is not null or proof_key is not null)`,
        );
        return ids;
      });
      if (rows.length === 0) break;
      tagged += rows.length;
      after = rows.at(-1)!.id;
    }
  }
  progress(`payments' tags computed again: ${tagged}`);
  return tagged;
}
