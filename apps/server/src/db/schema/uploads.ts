import { bigint, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const uploadVisibility = pgEnum('upload_visibility', ['private', 'public']);

/**
 * One row per stored file. Private files (payment proofs, payout screenshots) are served only
 * to `owner_id` and admins; public ones (QR codes, logos, media) to anyone.
 */
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
});

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
