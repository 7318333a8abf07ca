import { z } from 'zod';
import { ReusedProofSchema } from './desk-flags';
import { PageQuerySchema } from './envelope';
import { FormBooleanSchema, formId, optionalText, requiredText } from './form-fields';
import { msg } from './i18n/translate';
import { AmountSchema } from './money';

/* ---------- bank statements (issue 54): import, matching, reconciliation ---------- */

/** What a statement upload may be: one file, at most this big and this long. */
export const STATEMENT_UPLOAD = {
  /** Largest accepted file, in bytes (5 MB: a year of a busy account's CSV is well under). */
  maxBytes: 5 * 1024 * 1024,
  /** Most lines one file may hold. */
  maxLines: 20_000,
  /** For `<input type="file" accept>`. */
  accept: '.csv,.xlsx,.sta,.mt940,.940,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  /** The file's field in the import form. */
  field: 'file',
} as const;

/** How the file was read: a CSV or XLSX export with a column mapping, or SWIFT MT940. */
export const StatementFormatSchema = z.enum(['csv', 'xlsx', 'mt940']);
export type StatementFormat = z.infer<typeof StatementFormatSchema>;

/** Date formats banks write (date-fns patterns). */
export const STATEMENT_DATE_FORMATS = ['d MMM yyyy', 'dd/MM/yy', 'dd/MM/yyyy', 'dd-MM-yyyy', 'dd-MMM-yyyy', 'dd-MMM-yy', 'yyyy-MM-dd', 'MM/dd/yyyy'] as const;
export const StatementDateFormatSchema = z.enum(STATEMENT_DATE_FORMATS, msg('validation.statement.dateFormat'));
export type StatementDateFormat = z.infer<typeof StatementDateFormatSchema>;

/**
 * Where a line's amount is: `split`, a credit column and a debit column; `signed`, one column,
 * debits negative; `indicator`, one column and a column saying which (`credit_marker`, e.g. "CR").
 */
export const AmountStyleSchema = z.enum(['split', 'signed', 'indicator'], msg('validation.statement.amountStyle'));
export type AmountStyle = z.infer<typeof AmountStyleSchema>;

const column = optionalText(80, msg('validation.statement.columnMax', { max: 80 }));

/**
 * The columns of a CSV or XLSX export, by their header text (compared without case and extra
 * spaces), and how its dates are written. The header row is the first of the file's first 30
 * rows that holds every named column. MT940 needs none of it.
 */
export const StatementMappingSchema = z.object({
  date_column: column,
  date_format: z.preprocess((v) => (v === '' ? undefined : v), StatementDateFormatSchema.optional()),
  amount_style: z.preprocess((v) => (v === '' ? undefined : v), AmountStyleSchema.optional()),
  credit_column: column,
  debit_column: column,
  amount_column: column,
  indicator_column: column,
  credit_marker: optionalText(20, msg('validation.statement.columnMax', { max: 20 })),
  narration_column: column,
  reference_column: column,
  balance_column: column,
});
export type StatementMapping = z.output<typeof StatementMappingSchema>;
export type StatementMappingInput = z.input<typeof StatementMappingSchema>;

/** The mapping fields a CSV or XLSX file needs, by style; the form and the server ask the same. */
export function missingMappingFields(mapping: StatementMapping): (keyof StatementMapping)[] {
  const needed: (keyof StatementMapping)[] = ['date_column', 'date_format', 'amount_style', 'narration_column'];
  if (mapping.amount_style === 'split') needed.push('credit_column', 'debit_column');
  if (mapping.amount_style === 'signed') needed.push('amount_column');
  if (mapping.amount_style === 'indicator') needed.push('amount_column', 'indicator_column', 'credit_marker');
  return needed.filter((field) => !mapping[field]);
}

/** Export layouts of a few Indian banks, as their net banking writes them. */
export const STATEMENT_PRESETS = {
  sbi: {
    date_column: 'Txn Date',
    date_format: 'd MMM yyyy',
    amount_style: 'split',
    credit_column: 'Credit',
    debit_column: 'Debit',
    narration_column: 'Description',
    reference_column: 'Ref No./Cheque No.',
    balance_column: 'Balance',
  },
  hdfc: {
    date_column: 'Date',
    date_format: 'dd/MM/yy',
    amount_style: 'split',
    credit_column: 'Deposit Amt.',
    debit_column: 'Withdrawal Amt.',
    narration_column: 'Narration',
    reference_column: 'Chq./Ref.No.',
    balance_column: 'Closing Balance',
  },
  icici: {
    date_column: 'Transaction Date',
    date_format: 'dd/MM/yyyy',
    amount_style: 'split',
    credit_column: 'Deposit Amount (INR )',
    debit_column: 'Withdrawal Amount (INR )',
    narration_column: 'Transaction Remarks',
    reference_column: 'Cheque Number',
    balance_column: 'Balance (INR )',
  },
  axis: {
    date_column: 'Tran Date',
    date_format: 'dd-MM-yyyy',
    amount_style: 'split',
    credit_column: 'CR',
    debit_column: 'DR',
    narration_column: 'PARTICULARS',
    reference_column: 'CHQNO',
    balance_column: 'BAL',
  },
  kotak: {
    date_column: 'Date',
    date_format: 'dd-MM-yyyy',
    amount_style: 'indicator',
    amount_column: 'Amount',
    indicator_column: 'Dr / Cr',
    credit_marker: 'CR',
    narration_column: 'Description',
    reference_column: 'Chq / Ref number',
    balance_column: 'Balance',
  },
} as const satisfies Record<string, StatementMapping>;
export type StatementPreset = keyof typeof STATEMENT_PRESETS;
export const STATEMENT_PRESET_NAMES = Object.keys(STATEMENT_PRESETS) as StatementPreset[];

/**
 * `POST /admin/statements`, multipart: the payment account, the mapping (for CSV and XLSX) and
 * the file in the field `file`. The format is read from the file itself.
 */
export const StatementImportBodySchema = StatementMappingSchema.extend({
  payment_type_id: formId(msg('validation.paymentType.required')),
}).strict();
export type StatementImportBody = z.input<typeof StatementImportBodySchema>;

/** What a line is, once matched: see docs/product.md "Bank statements". */
export const StatementResultSchema = z.enum(['matched', 'amount_differs', 'unclaimed', 'credited', 'debit']);
export type StatementResult = z.infer<typeof StatementResultSchema>;

const Tally = z.object({ count: z.number().int(), amount: AmountSchema });

/** One import: who, what file, how many lines were new, and each result's count and total. */
export const StatementImportSchema = z.object({
  id: z.number().int(),
  payment_type: z.object({ id: z.number().int(), name: z.string() }),
  file_name: z.string(),
  format: StatementFormatSchema,
  /** Lines this file added; lines already imported (the same or an overlapping file) are not added again. */
  lines_added: z.number().int(),
  lines_known: z.number().int(),
  /** The first and last day of its lines (YYYY-MM-DD), null when it added none. */
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  imported_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  /** Counts and totals of the lines it added, by result, and the claims with no money. */
  summary: z.object({
    matched: Tally,
    /** Of the matched, those whose bill still waits (what "Approve all matched" approves). */
    matched_pending: Tally,
    amount_differs: Tally,
    unclaimed: Tally,
    credited: Tally,
    debit: Tally,
    no_money: Tally,
  }),
});
export type StatementImport = z.infer<typeof StatementImportSchema>;

/** A bill as a statement line names it. */
export const StatementBillSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  amount: AmountSchema,
  reference: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  created_at: z.string(),
  /** For "approve all matched": the bill's reused-proof flag (a flagged one needs its reason). */
  reused_proof: ReusedProofSchema,
});
export type StatementBill = z.infer<typeof StatementBillSchema>;

export const StatementLineSchema = z.object({
  id: z.number().int(),
  import_id: z.number().int(),
  payment_type: z.object({ id: z.number().int(), name: z.string() }),
  /** The bank's booking day, YYYY-MM-DD. */
  day: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: AmountSchema,
  narration: z.string(),
  /** The payment reference read from the line (its reference column or its narration), as written. */
  reference: z.string().nullable(),
  balance: AmountSchema.nullable(),
  /** Where the file had it: its line (CSV, MT940) or row (XLSX). */
  source_line: z.number().int(),
  result: StatementResultSchema,
  /** matched: the bill it backs; amount_differs: the bill with its reference and another amount. */
  bill: StatementBillSchema.nullable(),
  /** credited: the owner's credit of money nobody claimed. */
  credit: z
    .object({ transaction_id: z.number().int(), user: z.object({ id: z.number().int(), name: z.string() }) })
    .nullable(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementLinesQuerySchema = PageQuerySchema.extend({
  result: StatementResultSchema.optional(),
});
export type StatementLinesQuery = z.input<typeof StatementLinesQuerySchema>;

/** `GET /admin/bills/{id}/statement`: the line backing a bill, or null ("not on a statement yet"). */
export const BillStatementSchema = z.object({
  line: StatementLineSchema.nullable(),
  /** Whether the owner's "credit only statement-matched top-ups" rule is on. */
  only_matched: z.boolean(),
});
export type BillStatement = z.infer<typeof BillStatementSchema>;

/** A mapping as an answer carries it (the same fields, already read). */
const text = z.string().optional();
export const StatementMappingJsonSchema = z.object({
  date_column: text,
  date_format: StatementDateFormatSchema.optional(),
  amount_style: AmountStyleSchema.optional(),
  credit_column: text,
  debit_column: text,
  amount_column: text,
  indicator_column: text,
  credit_marker: text,
  narration_column: text,
  reference_column: text,
  balance_column: text,
});

/** A payment account statements are imported for, with its saved mapping. */
export const StatementAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  mapping: StatementMappingJsonSchema.nullable(),
});
export type StatementAccount = z.infer<typeof StatementAccountSchema>;

/** The owner's reconciliation rules (docs/product.md "Bank statements"). */
export const StatementRulesSchema = z.object({
  /** Money rule 13: a top-up without a statement line backing it cannot be approved. */
  only_matched: z.boolean(),
  /** A line matches a bill filed this many days before or after the line's day. */
  window_days: z.number().int().min(0).max(30),
  /** A waiting bill the statements should show after this many hours is a "claim with no money". */
  claim_hours: z.number().int().min(1).max(720),
});
export type StatementRules = z.infer<typeof StatementRulesSchema>;
export const DEFAULT_STATEMENT_RULES: StatementRules = { only_matched: false, window_days: 3, claim_hours: 24 };

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number(msg('validation.statement.wholeNumber', { min, max }))
    .int(msg('validation.statement.wholeNumber', { min, max }))
    .min(min, msg('validation.statement.wholeNumber', { min, max }))
    .max(max, msg('validation.statement.wholeNumber', { min, max }));
export const StatementRulesBodySchema = z.strictObject({
  only_matched: FormBooleanSchema,
  window_days: wholeNumber(0, 30),
  claim_hours: wholeNumber(1, 720),
});
export type StatementRulesBody = z.input<typeof StatementRulesBodySchema>;

/**
 * `POST /admin/statements/lines/{id}/credit`: an owner credits money nobody claimed to a
 * customer, with a reason (audited); the line is then used.
 */
export const StatementCreditBodySchema = z.strictObject({
  user_id: formId(msg('validation.user.required')),
  comment: requiredText(500, msg('validation.balanceComment.required'), msg('validation.comment.max', { max: 500 })),
});
export type StatementCreditBody = z.input<typeof StatementCreditBodySchema>;

type Id = number | string;
/** Paths of the statements' calls, relative to `/api`. */
export const STATEMENTS_API = {
  list: '/admin/statements',
  import: '/admin/statements',
  accounts: '/admin/statements/accounts',
  rules: '/admin/statements/rules',
  item: (id: Id) => `/admin/statements/${id}`,
  lines: (id: Id) => `/admin/statements/${id}/lines`,
  noMoney: (id: Id) => `/admin/statements/${id}/no_money`,
  credit: (lineId: Id) => `/admin/statements/lines/${lineId}/credit`,
  billStatement: (billId: Id) => `/admin/bills/${billId}/statement`,
} as const;
