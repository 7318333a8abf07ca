import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { paymentTypes } from './payment-types';
import { uploads } from './uploads';
import { users } from './users';
import { claimColumns } from './queue-claims';

/** Bills and withdrawals (and issue 4's requests): handled exactly once (money rule 6). */
// `cancelled`: the customer withdrew it while pending (issue 17, money rule 10).
export const approvalStatus = pgEnum('approval_status', ['pending', 'approved', 'rejected', 'cancelled']);

/** A wallet top-up the customer paid outside and proves with a screenshot. */
export const bills = pgTable(
  'bills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull(),
    /**
     * Issue 51: the reference in its one canonical form (migration 0026's `canonical_reference`:
     * NFKC, every script's digits as ASCII, only A-Z and 0-9, no `UTR` prefix, no leading zeros;
     * null when nothing is left). Computed by the database from `reference`, never written by the
     * server; every reused-reference comparison reads it.
     */
    referenceCanonical: text('reference_canonical').generatedAlwaysAs(sql`canonical_reference(reference)`),
    proofKey: text('proof_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'restrict' }),
    /**
     * Issue 19: proof-reuse's tags of the other payments with this UTR or a look-alike
     * screenshot (`R:bill:12,I:user_id:3`), null when none. Kept by the database on every insert
     * (migration 0016's trigger), never written by the server; the lists read it from the row.
     */
    reuse: text('reuse'),
    /**
     * Issue 54 item 5: what the screenshot itself says, read after the answer (modules/bills
     * `readScreenshot`: OCR in the image pool, lib/screenshot-text.ts). `screenshotReadAt` is
     * null until it was read; the amount (minor units) and the reference are null when the
     * picture did not show one.
     */
    screenshotAmount: bigint('screenshot_amount', { mode: 'bigint' }),
    screenshotReference: text('screenshot_reference'),
    screenshotReadAt: timestamp('screenshot_read_at', { withTimezone: true }),
    status: approvalStatus('status').notNull().default('pending'),
    comment: text('comment'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ...claimColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bills_amount_positive', sql`${t.amount} > 0`),
    index('bills_status_idx').on(t.status, t.id),
    index('bills_user_id_idx').on(t.userId),
    // The reused-proof lookups (issue 16), on the canonical form (issue 51).
    index('bills_reference_canonical_idx').on(t.referenceCanonical),
    index('bills_proof_key_idx').on(t.proofKey),
    index('bills_status_created_at_idx').on(t.status, t.createdAt),
    index('bills_status_amount_idx').on(t.status, t.amount),
    index('bills_payment_type_status_idx').on(t.paymentTypeId, t.status, t.id),
    // The dashboard's approvals per day.
    index('bills_status_handled_at_idx').on(t.status, t.handledAt),
  ],
);

export type BillRow = typeof bills.$inferSelect;
