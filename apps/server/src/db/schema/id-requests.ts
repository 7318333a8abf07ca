import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { approvalStatus } from './bills';
import { paymentTypes } from './payment-types';
import { uploads } from './uploads';
import { userIds } from './user-ids';
import { users } from './users';
import { claimColumns } from './queue-claims';

export const requestType = pgEnum('request_type', ['create', 'deposit', 'withdraw', 'close', 'change_password']);
export const payFrom = pgEnum('pay_from', ['wallet', 'payment']);

/**
 * An action on a user ID (docs/product.md#domain), handled exactly once (money rule 6).
 * Every user ID has one `create` request carrying how it was paid for; deposits, withdrawals,
 * closes and password changes are the admin's request queue.
 */
export const idRequests = pgTable(
  'id_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userIdId: integer('user_id_id')
      .notNull()
      .references(() => userIds.id, { onDelete: 'restrict' }),
    /** The customer (the user ID's owner), kept here so "my requests" is one indexed read. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: requestType('type').notNull(),
    status: approvalStatus('status').notNull().default('pending'),
    /** Minor units asked for: create, deposit, withdraw; null for close and change_password. */
    amount: bigint('amount', { mode: 'bigint' }),
    /** Minor units the admin confirmed on approval (credited for withdraw and close). */
    confirmedAmount: bigint('confirmed_amount', { mode: 'bigint' }),
    payFrom: payFrom('pay_from'),
    paymentTypeId: integer('payment_type_id').references(() => paymentTypes.id, { onDelete: 'restrict' }),
    reference: text('reference'),
    /** Issue 51: `reference` in its canonical form, as on `bills.reference_canonical`. */
    referenceCanonical: text('reference_canonical').generatedAlwaysAs(sql`canonical_reference(reference)`),
    proofKey: text('proof_key').references(() => uploads.key, { onDelete: 'restrict' }),
    /** Issue 19: proof-reuse's tags of a create or deposit's payment, as on `bills.reuse`. */
    reuse: text('reuse'),
    /** change_password: the wished password, then the one the admin set; sealed like user_ids'. */
    passwordSealed: text('password_sealed'),
    comment: text('comment'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...claimColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('id_requests_amount_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check('id_requests_confirmed_amount_non_negative', sql`${t.confirmedAmount} IS NULL OR ${t.confirmedAmount} >= 0`),
    index('id_requests_status_idx').on(t.status, t.id),
    index('id_requests_user_id_id_idx').on(t.userIdId, t.id),
    index('id_requests_user_id_idx').on(t.userId, t.id),
    // The reused-proof lookups (issue 16).
    index('id_requests_reference_canonical_idx').on(t.referenceCanonical),
    index('id_requests_proof_key_idx').on(t.proofKey),
    index('id_requests_status_handled_at_idx').on(t.status, t.handledAt),
    uniqueIndex('id_requests_one_create').on(t.userIdId).where(sql`${t.type} = 'create'`),
    // At most one waiting close and one waiting password change per ID, even under a race.
    uniqueIndex('id_requests_one_pending_per_kind')
      .on(t.userIdId, t.type)
      .where(sql`${t.status} = 'pending' AND ${t.type} IN ('close', 'change_password')`),
  ],
);

export type IdRequestRow = typeof idRequests.$inferSelect;
