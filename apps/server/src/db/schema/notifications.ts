import { sql } from 'drizzle-orm';
import type { MessageValues } from '@iddesk/contract';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What an admin did to something of the user's (docs/product.md#domain). Written in the
 * same transaction as the action, so a notification exists exactly when the action committed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The text in the recipient's language when it was written: shown only when `message_key` is null. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * What it says, as the notice's catalogue key (`notices.billApproved`: its `.title` and
     * `.body`) and values (a staff comment as `comment`), written in the reader's language
     * when read (docs/product.md#language). Null on rows from before migration 0036 whose text
     * could not be matched.
     */
    messageKey: text('message_key'),
    messageValues: jsonb('message_values').$type<MessageValues>(),
    /** A client route to the object (`/my_ids/7`, `/transactions`), or null. */
    link: text('link'),
    /** Set when the user opened the notifications list past it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The 5-second poll: user_id = $1 AND id > $2 ORDER BY id DESC, an index range scan.
    index('notifications_user_id_id_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
