import type { MessageKey, MessageValues } from '@iddesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const transactionStatus = pgEnum('transaction_status', ['pending', 'done', 'rejected', 'cancelled']);
export const transactionKind = pgEnum('transaction_kind', [
  'add_funds',
  'withdrawal',
  'admin_deposit',
  'admin_withdrawal',
  'id_create',
  'id_deposit',
  'id_withdraw',
  'id_close',
]);
export const transactionCause = pgEnum('transaction_cause', [
  'bill',
  'withdrawal',
  'user_id',
  'request',
  'manual',
  'statement_line',
]);

/**
 * The wallet ledger (docs/product.md#domain): one row per movement, signed minor units. A row counts
 * towards users.balance when it is done, or when it is a pending debit (a hold).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Credits positive, debits negative. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: transactionStatus('status').notNull(),
    kind: transactionKind('kind').notNull(),
    causeType: transactionCause('cause_type').notNull(),
    /** The bill, withdrawal, user ID or request; null for manual changes. */
    causeId: integer('cause_id'),
    /** users.balance right after this row took effect; null while it has not. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    /**
     * The entry's text in the customer's language when it was written: searched by staff, and
     * shown only for rows from before migration 0036, which have no key.
     */
    description: text('description').notNull(),
    /**
     * The entry's catalogue key (`api.ledger.entry.*`) and its values: every reader sees the
     * text in their own language, written when it is read (docs/product.md#language).
     */
    descriptionKey: text('description_key').$type<MessageKey>(),
    descriptionValues: jsonb('description_values').$type<MessageValues>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('transactions_amount_non_zero', sql`${t.amount} <> 0`),
    index('transactions_user_id_idx').on(t.userId, t.id),
    // One ledger row per cause: a bill or request can never move money twice, whatever the code does.
    uniqueIndex('transactions_cause_unique')
      .on(t.causeType, t.causeId)
      .where(sql`${t.causeId} IS NOT NULL`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
