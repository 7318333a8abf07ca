import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row: a fingerprint of the app key the stored secrets are sealed under (issue 13), never
 * the key. The first server to start writes it; a server whose key does not match refuses to
 * start, and `npm run rotate-key` moves it to the new key in the transaction that re-seals.
 */
export const appKeyFingerprint = pgTable(
  'app_key_fingerprint',
  {
    id: smallint('id').primaryKey().default(1),
    /** HMAC-SHA256 of a fixed label under the key, hex (modules/app-key/fingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_key_fingerprint_one_row', sql`${t.id} = 1`)],
);
