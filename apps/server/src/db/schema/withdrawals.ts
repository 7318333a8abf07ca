import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { approvalStatus } from './bills';
import { paymentKind } from './payment-types';
import { uploads } from './uploads';
import { users } from './users';
import { claimColumns } from './queue-claims';

/** A wallet payout: the amount is held at once and paid out by hand. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    method: paymentKind('method').notNull(),
    upiId: text('upi_id'),
    accountHolder: text('account_holder'),
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    status: approvalStatus('status').notNull().default('pending'),
    comment: text('comment'),
    payoutReference: text('payout_reference'),
    payoutProofKey: text('payout_proof_key').references(() => uploads.key, { onDelete: 'restrict' }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...claimColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    index('withdrawals_status_idx').on(t.status, t.id),
    index('withdrawals_user_id_idx').on(t.userId),
    index('withdrawals_status_created_at_idx').on(t.status, t.createdAt),
    index('withdrawals_status_handled_at_idx').on(t.status, t.handledAt),
  ],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;
