import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const uploadVisibility = pgEnum('upload_visibility', ['private', 'public']);

/**
 * One row per stored file. Private files (payment proofs, payout screenshots) are served only
 * to `owner_id` and admins; public ones (QR codes, logos, media) to anyone.
 */
/**
 * The look-alike search's bands (issue 19): the 64-bit perceptual hash cut into five pieces
 * ([first bit, bits]), each with an index. Two hashes within 8 bits of each other differ in
 * at most one bit in at least one piece (five pieces with two or more would make 10), so the
 * search looks up, per piece, its value and the values one bit away (14 or 13 of them) and
 * checks the whole distance only on those rows, instead of on every stored proof.
 */
export const PHASH_BANDS = [
  [0, 13],
  [13, 13],
  [26, 13],
  [39, 13],
  [52, 12],
] as const;

/** One band of a hash column as an int: the same expression as its index, constants inline. */
export function phashBand(phash: AnyPgColumn | SQL, [first, bits]: (typeof PHASH_BANDS)[number]): SQL<number> {
  return sql<number>`(((${phash} >> ${sql.raw(String(first))}) & ${sql.raw(String(2 ** bits - 1))})::int)`;
}

export const uploads = pgTable('uploads', {
  /** Server-generated random file name, also the storage key within its visibility. */
  key: text('key').primaryKey(),
  visibility: uploadVisibility('visibility').notNull(),
  /** The customer the file concerns (not necessarily who uploaded it); null for public files. */
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /**
   * Payment proofs: a 64-bit difference hash of the picture (lib/perceptual-hash.ts), so a
   * re-saved or resized copy of an earlier screenshot is found (issue 16). Null for public
   * files and for featureless images, which would all look alike.
   */
  phash: bigint('phash', { mode: 'bigint' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) =>
  PHASH_BANDS.map((band, i) =>
    index(`uploads_phash_band${i}_idx`).on(phashBand(t.phash, band)).where(sql`${t.phash} is not null`),
  ),
);

/**
 * Pairs of proofs whose hashes lie within a small Hamming distance, both ways, written when the
 * later one is uploaded: staff lists flag a reused screenshot with one indexed lookup per row.
 */
export const uploadLookalikes = pgTable(
  'upload_lookalikes',
  {
    key: text('key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    otherKey: text('other_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    distance: integer('distance').notNull(),
  },
  (t) => [primaryKey({ name: 'upload_lookalikes_pk', columns: [t.key, t.otherKey] })],
);

export type UploadRow = typeof uploads.$inferSelect;
