import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bills } from './bills';
import { paymentTypes } from './payment-types';
import { transactions } from './transactions';
import { users } from './users';

/** How a statement file was read (issue 54). */
export const statementFormat = pgEnum('statement_format', ['csv', 'xlsx', 'mt940']);
/** A line's direction on the business's account: money in or out. */
export const statementDirection = pgEnum('statement_direction', ['credit', 'debit']);

/**
 * One upload of a bank statement for a payment account (issue 54). The file itself is not
 * kept: its name, its SHA-256, what it added, and who imported it.
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    format: statementFormat('format').notNull(),
    /** The column mapping the file was read with (null for MT940). */
    mapping: jsonb('mapping'),
    linesAdded: integer('lines_added').notNull().default(0),
    linesKnown: integer('lines_known').notNull().default(0),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('statement_imports_payment_type_idx').on(t.paymentTypeId, t.id)],
);

/**
 * A line of a bank statement (issue 54). Its `lineKey` (a hash of the account's day, direction,
 * amount, narration, reference and balance, with the count of identical lines before it in
 * its file) is unique per account: importing the same or an overlapping file adds no line
 * twice. Money rule 13: a line backs at most one bill (`billId`, unique) or one owner's
 * credit (`creditId`, unique), never both, and once set neither changes (migration trigger).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id, { onDelete: 'restrict' }),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => paymentTypes.id, { onDelete: 'restrict' }),
    lineKey: text('line_key').notNull(),
    /** The bank's booking day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The start of `day` in the display time zone: the matching window is counted from it. */
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    direction: statementDirection('direction').notNull(),
    /** Positive minor units; `direction` says which way. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    narration: text('narration').notNull(),
    /** The payment reference read from the line, as written; null when it has none. */
    reference: text('reference'),
    /** `canonical_reference(reference)`, computed by the database as a bill's is (decision 031). */
    referenceCanonical: text('reference_canonical').generatedAlwaysAs(sql`canonical_reference(reference)`),
    balance: bigint('balance', { mode: 'bigint' }),
    /** The file's line (CSV, MT940) or row (XLSX) it came from. */
    sourceLine: integer('source_line').notNull(),
    /** The bill this line backs (money rule 13): one line per bill, one bill per line, for good. */
    billId: integer('bill_id').references(() => bills.id, { onDelete: 'restrict' }),
    /** An owner's credit of this unclaimed money to a customer (its ledger row). */
    creditId: bigint('credit_id', { mode: 'number' }).references(() => transactions.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('statement_lines_amount_positive', sql`${t.amount} > 0`),
    check('statement_lines_used_once', sql`${t.billId} is null or ${t.creditId} is null`),
    check('statement_lines_credit_only', sql`${t.direction} = 'credit' or (${t.billId} is null and ${t.creditId} is null)`),
    uniqueIndex('statement_lines_key_unique').on(t.paymentTypeId, t.lineKey),
    uniqueIndex('statement_lines_bill_unique').on(t.billId),
    uniqueIndex('statement_lines_credit_unique').on(t.creditId),
    index('statement_lines_import_idx').on(t.importId, t.id),
    // Matching: an account's credit lines not backing anything yet, by reference.
    index('statement_lines_open_idx')
      .on(t.paymentTypeId, t.referenceCanonical)
      .where(sql`${t.direction} = 'credit' and ${t.billId} is null and ${t.creditId} is null`),
  ],
);

export type StatementImportRow = typeof statementImports.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;
