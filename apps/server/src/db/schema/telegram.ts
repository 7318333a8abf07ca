import type { Locale } from '@iddesk/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Telegram (docs/product.md#telegram, decision 033). An account's linked chat: one chat per
 * account and one account per chat. Telegram's chat ids go past 32 bits (up to 52).
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull().unique('telegram_links_chat_id_unique'),
    /** The Telegram @username (else first name) it was linked from, shown on the profile. */
    name: text('name'),
    /** A staff account's link: the queue-alert triggers look only for these. */
    staff: boolean('staff').notNull().default(false),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_links_staff_idx').on(t.userId).where(sql`${t.staff}`)],
);

/**
 * One-time link codes: only the SHA-256 of the code is stored; one per account (a new one
 * replaces it), used once (deleted by the /start that uses it), until `expires_at`.
 */
export const telegramLinkCodes = pgTable('telegram_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique('telegram_link_codes_user_id_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Messages to send (the outbox). Written in the transaction of what caused them; sent after
 * the commit by whichever server claims the row (`due_at` moves past the send while it runs),
 * deleted once Telegram took it. To an account (`user_id`: its linked chat and its language at
 * send time) or, for the bot's answers to a chat with no account, to `chat_id`.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }),
    /** The message in every language; the recipient's language when it is sent picks one. */
    texts: jsonb('texts').$type<Record<Locale, string>>().notNull(),
    /** A page of the site the message points to (`/transactions`), sent as a full URL after it. */
    link: text('link'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telegram_outbox_due_idx').on(t.dueAt, t.id),
    check('telegram_outbox_recipient', sql`${t.userId} is not null or ${t.chatId} is not null`),
  ],
);

/** The four staff queues, as the admin stats name them. */
export type TelegramQueue = 'bills' | 'withdrawals' | 'requests' | 'new_ids';

/**
 * A new queue item to tell linked staff about, written by a trigger on the queue's table
 * while any staff account has a linked chat; a sender turns it into one message per staff
 * member whose role may see the queue, then deletes it.
 */
export const telegramQueueAlerts = pgTable('telegram_queue_alerts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  queue: text('queue').$type<TelegramQueue>().notNull(),
  itemId: integer('item_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TelegramOutboxRow = typeof telegramOutbox.$inferSelect;
