import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { catalogueItems } from './catalogue-items';
import { users } from './users';
import { claimColumns } from './queue-claims';

export const userIdStatus = pgEnum('user_id_status', ['pending', 'active', 'rejected', 'closed', 'cancelled']);

/**
 * A customer's account on a catalogue item. The login and password an admin hands out are
 * stored sealed with AES-256-GCM under the app key (lib/secret-box.ts), never as plain text.
 * How it was paid for lives in its `create` request (id_requests).
 */
export const userIds = pgTable(
  'user_ids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'restrict' }),
    /** The username the customer asked for. */
    username: text('username').notNull(),
    status: userIdStatus('status').notNull().default('pending'),
    loginSealed: text('login_sealed'),
    passwordSealed: text('password_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...claimColumns(),
  },
  (t) => [
    index('user_ids_status_idx').on(t.status, t.id),
    index('user_ids_user_id_idx').on(t.userId, t.id),
    index('user_ids_item_id_idx').on(t.itemId),
  ],
);

export type UserIdRow = typeof userIds.$inferSelect;
