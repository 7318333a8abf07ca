import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The first answer of a money-moving POST per `Idempotency-Key` and user (issue 7, Stripe's
 * design). The row is written in the same transaction as the money it moved, so an
 * acknowledged operation and its stored answer commit or vanish together.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, URL and JSON body: the same key on another call is refused. */
    fingerprint: text('fingerprint').notNull(),
    /**
     * The envelope the call answered, as JSON sealed with the app key (lib/secret-box): an
     * approval's answer carries ID credentials, which are never stored in the clear. Null only
     * inside the transaction that writes it.
     */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
