import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const uploadVisibility = pgEnum('upload_visibility', ['private', 'public']);

/** Binary data: a Buffer either way (PGlite gives a Uint8Array, pg a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  toDriver: (value) => value,
});

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A private image's look-alike fingerprint (lib/lookalike.ts, issue 51 item 3): its text lines'
 * places and pictures, and the earlier proofs it was found to look like when it was stored (at
 * most LOOKALIKES_NAMED_MAX; the proof-reuse trigger tags the payments holding them). A proof
 * stored before the fingerprints, or with one of an older version, gets its row from
 * `npm run lookalike:rehash`.
 */
export const proofFingerprints = pgTable(
  'proof_fingerprints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uploadKey: text('upload_key')
      .notNull()
      .unique()
      .references(() => uploads.key, { onDelete: 'cascade' }),
    /** lib/lookalike.ts `encodeFingerprint`; its first byte is the fingerprint's version. */
    fingerprint: bytea('fingerprint').notNull(),
    lookalikeOf: text('lookalike_of').array().notNull().default(sql`'{}'::text[]`),
  },
  // Which proofs name this one (iddesk_proof_tags' later look-alikes): only rows that name any.
  (t) => [index('proof_fingerprints_lookalike_of_idx').using('gin', t.lookalikeOf).where(sql`cardinality(${t.lookalikeOf}) > 0`)],
);

/**
 * The look-alike search's index: a fingerprint's keys (lib/lookalike.ts `storedKeys`). A key
 * already held by LOOKALIKE_KEY_CAP fingerprints is a template's (every receipt of an app
 * shows it): the search ignores it and no new fingerprint adds it, so a key's rows stay few
 * whatever the number of proofs. A proof found to look like an earlier one adds none (the
 * earlier one already finds its copies). No foreign key: a key of a removed fingerprint matches
 * nothing (the search joins the fingerprints).
 */
export const proofKeys = pgTable(
  'proof_keys',
  {
    key: bigint('key', { mode: 'bigint' }).notNull(),
    fingerprintId: integer('fingerprint_id').notNull(),
  },
  (t) => [primaryKey({ name: 'proof_keys_pk', columns: [t.key, t.fingerprintId] })],
);

export type UploadRow = typeof uploads.$inferSelect;
