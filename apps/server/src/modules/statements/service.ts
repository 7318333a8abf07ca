import { createHash } from 'node:crypto';
import {
  DEFAULT_STATEMENT_RULES,
  formatAmount,
  type Minor,
  missingMappingFields,
  type PageQuery,
  type Paginated,
  STATEMENT_UPLOAD,
  type StatementAccount,
  type StatementCreditBodySchema,
  type StatementImport,
  type StatementImportBodySchema,
  type StatementLine,
  type StatementMapping,
  StatementMappingSchema,
  type StatementResult,
  type StatementRules,
  StatementRulesSchema,
} from '@iddesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentTypes } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import { pageWindow, toPage } from '../../lib/pagination';
import { type Actor, writeAudit } from '../audit';
import { credit } from '../ledger';
import { balanceChanged, notify } from '../notifications';
import { getSetting, getSettings, putSetting } from '../settings';
import { findUserById } from '../users';
import { parseStatement, sniffFormat, StatementFileError } from './parse';
import {
  backingLine,
  billsByIds,
  findImport,
  findLine,
  hasDifferingBill,
  importLines,
  importTallies,
  insertImport,
  insertLines,
  lineOfBill,
  listImports,
  lockLine,
  matchOpenLines,
  noMoneyBills,
  setImportCounts,
  setLineCredit,
} from './repository';
import { toImportJson, toLineJson, toStatementBillJson } from './serialize';

/* ---------- the owner's rules and each account's mapping, in the settings table ---------- */

const RULES_KEY = 'statement_rules';
const mappingKey = (paymentTypeId: number) => `statement_mapping.${paymentTypeId}`;

function readJson<T>(text: string | null | undefined, schema: z.ZodType<T>, fallback: T): T {
  if (!text) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The owner's reconciliation rules (read in the caller's transaction when it has one). */
export async function getRules(db: Db | Tx): Promise<StatementRules> {
  const stored = readJson(await getSetting(db, RULES_KEY), StatementRulesSchema.partial(), {});
  return { ...DEFAULT_STATEMENT_RULES, ...stored };
}

export async function saveRules(db: Db, actor: Actor, rules: StatementRules): Promise<StatementRules> {
  return db.transaction(async (tx) => {
    const before = await getRules(tx);
    await putSetting(tx, RULES_KEY, JSON.stringify(rules));
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'statement.rules',
      objectType: 'setting',
      objectId: RULES_KEY,
      before,
      after: rules,
      ip: actor.ip,
    });
    return rules;
  });
}

/** Every payment account with the mapping its last CSV or XLSX import used (null before one). */
export async function listAccounts(db: Db): Promise<StatementAccount[]> {
  const accounts = await db
    .select({ id: paymentTypes.id, name: paymentTypes.name, isActive: paymentTypes.isActive })
    .from(paymentTypes)
    .orderBy(asc(paymentTypes.id));
  const stored = await getSettings(
    db,
    accounts.map((a) => mappingKey(a.id)),
  );
  return accounts.map((a) => ({
    id: a.id,
    name: a.name,
    is_active: a.isActive,
    mapping: readJson<StatementMapping | null>(stored.get(mappingKey(a.id)), StatementMappingSchema, null),
  }));
}

/* ---------- import ---------- */

type ImportInput = z.output<typeof StatementImportBodySchema>;

/**
 * Issue 54 item 1: a statement file for a payment account, read whole before anything is
 * written (a file that does not read is 422 on `file`, naming its line and column, and nothing
 * of it is stored); then, in one transaction, its new lines (the same or an overlapping file
 * adds none twice), the account's mapping kept for next time, every open line of the account
 * matched (item 2), and the audit entry.
 */
export async function importStatement(
  db: Db,
  actor: Actor,
  input: ImportInput,
  file: { data: Buffer; name: string },
  timeZone: string,
): Promise<StatementImport> {
  const [account] = await db.select({ id: paymentTypes.id }).from(paymentTypes).where(eq(paymentTypes.id, input.payment_type_id));
  if (!account) throw ValidationError.field('payment_type_id', t('api.statements.paymentTypeUnknown'));
  const { payment_type_id: paymentTypeId, ...mapping } = input;
  // A CSV or XLSX export is read through its mapping: each field it lacks, named.
  const missing = sniffFormat(file.data) === 'mt940' ? [] : missingMappingFields(mapping);
  if (missing.length > 0) {
    throw new ValidationError(Object.fromEntries(missing.map((field) => [field, [t('api.statements.mapping.missing')]])));
  }
  let parsed;
  try {
    parsed = await parseStatement(file.data, mapping);
  } catch (error) {
    if (error instanceof StatementFileError) throw ValidationError.field(STATEMENT_UPLOAD.field, error.message);
    throw error;
  }
  const rules = await getRules(db);
  const id = await db.transaction(async (tx) => {
    const importId = await insertImport(tx, {
      paymentTypeId,
      fileName: file.name.slice(0, 200),
      fileSha256: createHash('sha256').update(file.data).digest('hex'),
      format: parsed.format,
      mapping: parsed.format === 'mt940' ? null : mapping,
      importedBy: actor.userId,
    });
    const added = await insertLines(tx, importId, paymentTypeId, parsed.lines, timeZone);
    await setImportCounts(tx, importId, { added, known: parsed.lines.length - added });
    if (parsed.format !== 'mt940') await putSetting(tx, mappingKey(paymentTypeId), JSON.stringify(mapping));
    const matched = await matchOpenLines(tx, paymentTypeId, rules);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'statement.import',
      objectType: 'statement',
      objectId: importId,
      after: { payment_type_id: paymentTypeId, file_name: file.name, format: parsed.format, lines_added: added, lines_known: parsed.lines.length - added, matched },
      ip: actor.ip,
    });
    return importId;
  });
  return getImport(db, id);
}

/* ---------- reading ---------- */

export async function getImport(db: Db, id: number): Promise<StatementImport> {
  const row = await findImport(db, id);
  if (!row) throw new NotFoundError();
  return toImportJson(row, await importTallies(db, id, await getRules(db)));
}

export async function listImportPage(db: Db, query: PageQuery): Promise<Paginated<StatementImport>> {
  const { rows, total } = await listImports(db, pageWindow(query));
  const rules = await getRules(db);
  const items = [];
  for (const row of rows) items.push(toImportJson(row, await importTallies(db, row.id, rules)));
  return toPage(items, total, query);
}

async function linesJson(db: Db, rows: Awaited<ReturnType<typeof importLines>>['rows']): Promise<StatementLine[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.billId, row.differsBillId].filter((id): id is number => id !== null)))];
  const bills = new Map((await billsByIds(db, ids)).map((bill) => [bill.id, toStatementBillJson(bill)]));
  return rows.map((row) => toLineJson(row, bills.get(row.billId ?? row.differsBillId ?? -1) ?? null));
}

export async function getImportLines(
  db: Db,
  importId: number,
  query: PageQuery & { result?: StatementResult | undefined },
): Promise<Paginated<StatementLine>> {
  if (!(await findImport(db, importId))) throw new NotFoundError();
  const { rows, total } = await importLines(db, importId, query.result, pageWindow(query), await getRules(db));
  return toPage(await linesJson(db, rows), total, query);
}

export async function getNoMoneyBills(db: Db, importId: number, query: PageQuery) {
  if (!(await findImport(db, importId))) throw new NotFoundError();
  const { rows, total } = await noMoneyBills(db, importId, await getRules(db), pageWindow(query));
  return toPage(rows.map(toStatementBillJson), total, query);
}

/** A bill's page: the line backing it, or null ("not on a statement yet"). */
export async function getBillStatement(db: Db, billId: number) {
  const rules = await getRules(db);
  const row = await lineOfBill(db, billId, rules);
  return { line: row ? (await linesJson(db, [row]))[0]! : null, only_matched: rules.only_matched };
}

/* ---------- money rule 13 on a bill's approval ---------- */

/**
 * Run by pending-items `decide` on every approval of a bill (single, batch, keyboard, API),
 * after the bill is marked, under its reference's lock: the line backing the bill, linking
 * the first open one matching it when none does yet. With the owner's "credit only
 * statement-matched top-ups" on, a bill no line backs is 409 NOT_ON_STATEMENT and the
 * approval rolls back. Returns what the audit entry keeps.
 */
export async function backBill(tx: Tx, billId: number): Promise<{ statement_line: number } | null> {
  const { line, onlyMatched } = await backingLine(tx, billId, RULES_KEY, DEFAULT_STATEMENT_RULES);
  if (line === null && onlyMatched) throw new ConflictError('NOT_ON_STATEMENT', t('api.statements.notOnStatement'));
  return line === null ? null : { statement_line: line };
}

/* ---------- an owner credits money nobody claimed ---------- */

type CreditInput = z.output<typeof StatementCreditBodySchema>;

/**
 * Issue 54 item 3: a credit line nobody claimed (no bill backs it, none has its reference
 * with another amount) credited to a customer by an owner with a reason: a done ledger credit
 * whose cause is the line (one per cause), the line marked used by it (money rule 13), the
 * audit entry and the customer's notification, in the call's transaction (`moneyTransaction`).
 */
export async function creditLine(tx: Tx, actor: Actor, lineId: number, input: CreditInput): Promise<StatementLine> {
  if (!(await findUserById(tx, input.user_id))) throw ValidationError.field('user_id', t('api.users.unknown'));
  const rules = await getRules(tx);
  const line = await lockLine(tx, lineId);
  if (!line) throw new NotFoundError();
  if (line.direction !== 'credit' || line.billId !== null || line.creditId !== null || (await hasDifferingBill(tx, lineId, rules))) {
    throw new ConflictError('CONFLICT', t('api.statements.notUnclaimed'));
  }
  const credited = await credit(tx, {
    userId: input.user_id,
    amount: line.amount as Minor,
    kind: 'admin_deposit',
    cause: { type: 'statement_line', id: lineId },
    description: { key: 'api.ledger.entry.statementCredit', values: { day: line.day, reference: line.reference ?? '—' } },
  });
  if (!(await setLineCredit(tx, lineId, credited.id))) throw new ConflictError('CONFLICT', t('api.statements.notUnclaimed'));
  await writeAudit(tx, {
    actorId: actor.userId,
    action: 'statement_line.credit',
    objectType: 'statement_line',
    objectId: lineId,
    before: { used: false },
    after: {
      user_id: input.user_id,
      amount: formatAmount(line.amount),
      comment: input.comment,
      transaction_id: credited.id,
      balance: formatAmount(credited.balanceAfter!),
    },
    ip: actor.ip,
  });
  await notify(tx, balanceChanged({ userId: input.user_id, amount: line.amount, direction: 'deposit', comment: input.comment }));
  const after = await findLine(tx, lineId, rules);
  if (!after) throw new NotFoundError();
  return (await linesJson(tx, [after]))[0]!;
}
