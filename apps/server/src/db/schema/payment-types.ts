import { boolean, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploads } from './uploads';

/** UPI or bank transfer: the kind of a payment type and the method of a withdrawal. */
export const paymentKind = pgEnum('payment_kind', ['upi', 'bank']);

/** Where customers send money to the operator (docs/product.md#domain). */
export const paymentTypes = pgTable('payment_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  kind: paymentKind('kind').notNull(),
  upiId: text('upi_id'),
  accountHolder: text('account_holder'),
  accountNumber: text('account_number'),
  ifsc: text('ifsc'),
  bankName: text('bank_name'),
  /** Key of a public upload. */
  qrKey: text('qr_key').references(() => uploads.key, { onDelete: 'set null' }),
  /** Deactivated, never deleted: old bills keep pointing at it. */
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentTypeRow = typeof paymentTypes.$inferSelect;
