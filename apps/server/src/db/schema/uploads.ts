import { integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UploadRow = typeof uploads.$inferSelect;
