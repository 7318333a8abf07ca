import { type StatementResult, type StatementRules } from '@iddesk/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bills, paymentTypes, statementImports, statementLines, transactions, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import type { PageWindow } from '../../lib/pagination';
import { lockReference, referenceApprovedColumn } from '../proof-reuse';
import type { ParsedLine } from './parse';

/**
 * Issue 54: bank statement lines and how they back bills (docs/product.md "Bank statements",
 * money rule 13). A credit line matches a bill of its payment account with the same canonical
 * reference and amount, filed within the rules' window of days around the line's day, waiting
 * or approved, and backed by no other line. Every write of a line's link (an import's matching,
 * an approval's, an owner's credit) holds a lock first: an approval and an owner's credit the
 * lock of the reference (proof-reuse `lockReference`), so they queue; an import's matching the
 * account's lock, which approvals of the account's bills take shared with their reference's
 * (`billReferenceUnderAccountLock`) before they mark the bill. One lock each way, whatever the import's size (a lock per
 * reference ran PGlite out of shared memory at 20 000 lines). The unique `bill_id` and
 * `credit_id` stop what a lock cannot.
 */

/** The account's lock: an import's matching holds it alone, approvals of its bills share it. */
const ACCOUNT_LOCK = sql`hashtext('iddesk.statement_account')`;

/**
 * A bill's reference, for proof-reuse `lockReference` on an approval (pending-items `decide`),
 * read after taking the bill's account's lock, shared: an import matching that account waits
 * for the approval, or the approval for it. One statement for both locks.
 */
export const billReferenceUnderAccountLock = (billId: number): SQL =>
  sql`select b.reference_canonical from bills b cross join lateral pg_advisory_xact_lock_shared(${ACCOUNT_LOCK}, b.payment_type_id) where b.id = ${billId}`;

const l = statementLines;

/** The window around a line's day (its `day_start`) a bill's filing time must fall in. */
const inWindow = (bill: { createdAt: SQL | typeof bills.createdAt }, line: { dayStart: SQL | typeof l.dayStart }, windowDays: SQL | number) => sql`(
  ${bill.createdAt} >= ${line.dayStart} - make_interval(days => ${windowDays}::int)
  and ${bill.createdAt} < ${line.dayStart} + make_interval(days => ${windowDays}::int + 1))`;

const notBacked = (billId: SQL | typeof bills.id) => sql`not exists (select 1 from statement_lines x where x.bill_id = ${billId})`;

/* ---------- imports ---------- */

export async function insertImport(
  tx: Tx,
  values: Pick<typeof statementImports.$inferInsert, 'paymentTypeId' | 'fileName' | 'fileSha256' | 'format' | 'mapping' | 'importedBy'>,
): Promise<number> {
  const [row] = await tx.insert(statementImports).values(values).returning({ id: statementImports.id });
  return row!.id;
}

export async function setImportCounts(tx: Tx, id: number, counts: { added: number; known: number }): Promise<void> {
  await tx.update(statementImports).set({ linesAdded: counts.added, linesKnown: counts.known }).where(eq(statementImports.id, id));
}

/** Rows per INSERT: a line takes 10 values, and a statement at most 65 535. */
const LINES_PER_INSERT = 1000;

/**
 * The file's lines not yet stored for the account (`line_key` unique per account): the same or
 * an overlapping file adds only what is new, also when two imports run at once (the second
 * waits on the first's keys, then skips them). `timeZone`: the day's start is counted in it.
 */
export async function insertLines(tx: Tx, importId: number, paymentTypeId: number, lines: ParsedLine[], timeZone: string): Promise<number> {
  let added = 0;
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT) {
    const rows = await tx
      .insert(l)
      .values(
        lines.slice(i, i + LINES_PER_INSERT).map((line) => ({
          importId,
          paymentTypeId,
          lineKey: line.key,
          day: line.day,
          dayStart: sql`(${line.day}::date::timestamp at time zone ${timeZone})`,
          direction: line.direction,
          amount: line.amount,
          narration: line.narration,
          reference: line.reference,
          balance: line.balance,
          sourceLine: line.sourceLine,
        })),
      )
      .onConflictDoNothing({ target: [l.paymentTypeId, l.lineKey] })
      .returning({ id: l.id });
    added += rows.length;
  }
  return added;
}

/**
 * Matches the account's open credit lines (not backing anything yet, with a reference) to its
 * bills: for each line in order, the oldest matching bill not taken yet. The account's lock
 * first (approvals of its bills wait, or are waited for), then the bills' rows `for share` (a
 * rejection racing the match waits, or is seen). Returns how many it linked.
 */
export async function matchOpenLines(tx: Tx, paymentTypeId: number, rules: StatementRules): Promise<number> {
  const open = and(
    eq(l.paymentTypeId, paymentTypeId),
    eq(l.direction, 'credit'),
    sql`${l.billId} is null and ${l.creditId} is null and ${l.referenceCanonical} is not null`,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${paymentTypeId}::int)`);
  const pairs = await tx
    .select({ line: l.id, bill: bills.id })
    .from(l)
    .innerJoin(
      bills,
      and(
        eq(bills.paymentTypeId, l.paymentTypeId),
        eq(bills.referenceCanonical, l.referenceCanonical),
        eq(bills.amount, l.amount),
        inArray(bills.status, ['pending', 'approved']),
        inWindow(bills, l, rules.window_days),
        notBacked(bills.id),
      ),
    )
    .where(open)
    .orderBy(asc(l.id), asc(bills.id))
    .for('share', { of: bills });
  const taken = new Set<number>();
  const links: { line: number; bill: number }[] = [];
  for (const pair of pairs) {
    if (taken.has(pair.bill) || links.some((link) => link.line === pair.line)) continue;
    taken.add(pair.bill);
    links.push(pair);
  }
  for (const link of links) {
    await tx.update(l).set({ billId: link.bill }).where(and(eq(l.id, link.line), sql`${l.billId} is null and ${l.creditId} is null`));
  }
  return links.length;
}

/* ---------- what a line is ---------- */

/** matched / credited / debit from the row; amount_differs when a bill has its reference and another amount. */
const differsBill = (windowDays: number) => sql<number | null>`(select b.id from bills b
  where ${l.billId} is null and ${l.creditId} is null and ${l.direction} = 'credit'
    and b.payment_type_id = ${l.paymentTypeId} and b.reference_canonical = ${l.referenceCanonical}
    and b.amount <> ${l.amount} and b.status in ('pending', 'approved')
    and ${inWindow({ createdAt: sql`b.created_at` }, l, windowDays)} and ${notBacked(sql`b.id`)}
  order by b.id limit 1)`;

const resultOf = (windowDays: number) => sql<StatementResult>`(case
  when ${l.direction} = 'debit' then 'debit'
  when ${l.billId} is not null then 'matched'
  when ${l.creditId} is not null then 'credited'
  when ${differsBill(windowDays)} is not null then 'amount_differs'
  else 'unclaimed' end)`;

const creditRow = alias(transactions, 'credit_row');
const creditUser = alias(users, 'credit_user');

const lineColumns = (windowDays: number) => ({
  id: l.id,
  importId: l.importId,
  paymentType: { id: paymentTypes.id, name: paymentTypes.name },
  day: l.day,
  direction: l.direction,
  amount: l.amount,
  narration: l.narration,
  reference: l.reference,
  balance: l.balance,
  sourceLine: l.sourceLine,
  billId: l.billId,
  creditId: l.creditId,
  creditUser: { id: creditUser.id, name: creditUser.name },
  differsBillId: differsBill(windowDays),
  result: resultOf(windowDays),
});

const selectLines = (db: Db, windowDays: number) =>
  db
    .select(lineColumns(windowDays))
    .from(l)
    .innerJoin(paymentTypes, eq(paymentTypes.id, l.paymentTypeId))
    .leftJoin(creditRow, eq(creditRow.id, l.creditId))
    .leftJoin(creditUser, eq(creditUser.id, creditRow.userId));

export type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>['execute']>>[number];

export async function importLines(
  db: Db,
  importId: number,
  result: StatementResult | undefined,
  window: PageWindow,
  rules: StatementRules,
): Promise<{ rows: LineRow[]; total: number }> {
  const where = and(eq(l.importId, importId), result === undefined ? undefined : sql`${resultOf(rules.window_days)} = ${result}`);
  const rows = await selectLines(db, rules.window_days).where(where).orderBy(asc(l.id)).limit(window.limit).offset(window.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(l).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** The line backing a bill, or null. */
export async function lineOfBill(db: Db, billId: number, rules: StatementRules): Promise<LineRow | null> {
  const [row] = await selectLines(db, rules.window_days).where(eq(l.billId, billId)).limit(1);
  return row ?? null;
}

export async function findLine(db: Db, id: number, rules: StatementRules): Promise<LineRow | null> {
  const [row] = await selectLines(db, rules.window_days).where(eq(l.id, id)).limit(1);
  return row ?? null;
}

/* ---------- bills as lines name them ---------- */

const billColumns = {
  id: bills.id,
  user: { id: users.id, name: users.name },
  amount: bills.amount,
  reference: bills.reference,
  status: bills.status,
  createdAt: bills.createdAt,
  reuse: bills.reuse,
  reuseApproved: referenceApprovedColumn({
    tags: sql.raw('"bills"."reuse"'),
    canonical: sql.raw('"bills"."reference_canonical"'),
    selfBill: sql.raw('"bills"."id"'),
    selfRequest: null,
  }),
};

export type BillRowView = Awaited<ReturnType<typeof billsByIds>>[number];

export async function billsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(billColumns).from(bills).innerJoin(users, eq(users.id, bills.userId)).where(inArray(bills.id, ids));
}

/**
 * Claims with no money: the account's waiting bills no line backs, filed while the import's
 * lines cover (from its first day less the window) and long enough before its last day's end
 * (and before now) that the money should be on it (`claim_hours`).
 */
function noMoneyWhere(importId: number, rules: StatementRules): SQL {
  return sql`${bills.status} = 'pending'
    and ${bills.paymentTypeId} = (select payment_type_id from statement_imports where id = ${importId})
    and ${notBacked(bills.id)}
    and ${bills.createdAt} >= (select min(day_start) from statement_lines where import_id = ${importId}) - make_interval(days => ${rules.window_days}::int)
    and ${bills.createdAt} <= (select max(day_start) from statement_lines where import_id = ${importId}) + interval '1 day' - make_interval(hours => ${rules.claim_hours}::int)
    and ${bills.createdAt} <= now() - make_interval(hours => ${rules.claim_hours}::int)`;
}

export async function noMoneyBills(db: Db, importId: number, rules: StatementRules, window: PageWindow) {
  const where = noMoneyWhere(importId, rules);
  const rows = await db
    .select(billColumns)
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .where(where)
    .orderBy(asc(bills.id))
    .limit(window.limit)
    .offset(window.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(bills).where(where);
  return { rows, total: count?.total ?? 0 };
}

/* ---------- imports as the list and the page show them ---------- */

const importer = alias(users, 'importer');

const selectImports = (db: Db) =>
  db
    .select({
      id: statementImports.id,
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      fileName: statementImports.fileName,
      format: statementImports.format,
      linesAdded: statementImports.linesAdded,
      linesKnown: statementImports.linesKnown,
      createdAt: statementImports.createdAt,
      importedBy: { id: importer.id, name: importer.name },
      firstDay: sql<string | null>`(select min(day)::text from statement_lines where import_id = ${statementImports.id})`,
      lastDay: sql<string | null>`(select max(day)::text from statement_lines where import_id = ${statementImports.id})`,
    })
    .from(statementImports)
    .innerJoin(paymentTypes, eq(paymentTypes.id, statementImports.paymentTypeId))
    .leftJoin(importer, eq(importer.id, statementImports.importedBy));

export type ImportRow = Awaited<ReturnType<ReturnType<typeof selectImports>['execute']>>[number];

export async function listImports(db: Db, window: PageWindow): Promise<{ rows: ImportRow[]; total: number }> {
  const rows = await selectImports(db).orderBy(desc(statementImports.id)).limit(window.limit).offset(window.offset);
  const total = await db.$count(statementImports);
  return { rows, total };
}

export async function findImport(db: Db, id: number): Promise<ImportRow | null> {
  const [row] = await selectImports(db).where(eq(statementImports.id, id)).limit(1);
  return row ?? null;
}

export type Tallies = Record<StatementResult | 'matched_pending' | 'no_money', { count: number; amount: bigint }>;

/** Each result's count and total over the import's lines, and its claims with no money. */
export async function importTallies(db: Db, importId: number, rules: StatementRules): Promise<Tallies> {
  const byResult = db
    .select({
      result: resultOf(rules.window_days).as('result'),
      amount: l.amount,
      pending: sql<boolean>`exists (select 1 from bills b where b.id = ${l.billId} and b.status = 'pending')`.as('pending'),
    })
    .from(l)
    .where(eq(l.importId, importId))
    .as('lines');
  const rows = await db
    .select({
      result: byResult.result,
      pending: byResult.pending,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${byResult.amount}), 0)::text`,
    })
    .from(byResult)
    .groupBy(byResult.result, byResult.pending);
  const tallies: Tallies = {
    matched: { count: 0, amount: 0n },
    matched_pending: { count: 0, amount: 0n },
    amount_differs: { count: 0, amount: 0n },
    unclaimed: { count: 0, amount: 0n },
    credited: { count: 0, amount: 0n },
    debit: { count: 0, amount: 0n },
    no_money: { count: 0, amount: 0n },
  };
  for (const row of rows) {
    const tally = tallies[row.result];
    tally.count += row.count;
    tally.amount += BigInt(row.amount);
    if (row.result === 'matched' && row.pending) {
      tallies.matched_pending.count += row.count;
      tallies.matched_pending.amount += BigInt(row.amount);
    }
  }
  const [noMoney] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${bills.amount}), 0)::text` })
    .from(bills)
    .where(noMoneyWhere(importId, rules));
  tallies.no_money = { count: noMoney?.count ?? 0, amount: BigInt(noMoney?.amount ?? '0') };
  return tallies;
}

/* ---------- a bill's approval: the line that backs it (money rule 13) ---------- */

/**
 * In the approving transaction, under the bill's reference lock (pending-items `decide`), in one
 * statement: the owner's rules (the settings row `rulesKey`, each missing field its default),
 * the line already backing the bill, or else the first open line matching it now, linked to it.
 * Returns that line's id (null when no line backs it) and whether the owner credits only
 * statement-matched top-ups.
 */
export async function backingLine(
  tx: Tx,
  billId: number,
  rulesKey: string,
  defaults: StatementRules,
): Promise<{ line: number | null; onlyMatched: boolean }> {
  const rules = sql`(select value::jsonb from settings where key = ${rulesKey})`;
  const windowDays = sql`coalesce((${rules}->>'window_days')::int, ${defaults.window_days}::int)`;
  type Backing = { own: number | null; linked: number | null; only_matched: boolean };
  const result = await tx.execute<Backing>(sql`
    with own as (select id from statement_lines where bill_id = ${billId}),
    linked as (
      update statement_lines set bill_id = ${billId}
      where not exists (select 1 from own)
        and bill_id is null and credit_id is null
        and id = (select c.id from statement_lines c join bills b on b.id = ${billId}
          where c.payment_type_id = b.payment_type_id and c.reference_canonical = b.reference_canonical
            and c.amount = b.amount and c.direction = 'credit' and c.bill_id is null and c.credit_id is null
            and ${inWindow({ createdAt: sql`b.created_at` }, { dayStart: sql`c.day_start` }, windowDays)}
          order by c.id limit 1)
      returning id)
    select (select id from own) as own, (select id from linked) as linked,
      coalesce((${rules}->>'only_matched')::boolean, ${defaults.only_matched}) as only_matched`);
  // PGlite returns { rows }, node-postgres a QueryResult with rows too.
  const row = (result as { rows: Backing[] }).rows[0]!;
  return { line: row.own ?? row.linked ?? null, onlyMatched: row.only_matched };
}

/* ---------- an owner's credit of unclaimed money ---------- */

/** The line, locked, after its reference's lock (the order every writer of a link keeps). */
export async function lockLine(tx: Tx, id: number) {
  await lockReference(tx, sql`select ${l.referenceCanonical} from ${l} where ${l.id} = ${id}`);
  const [row] = await tx.select().from(l).where(eq(l.id, id)).for('update');
  return row ?? null;
}

export async function hasDifferingBill(tx: Tx, id: number, rules: StatementRules): Promise<boolean> {
  const [row] = await tx.select({ bill: differsBill(rules.window_days) }).from(l).where(eq(l.id, id));
  return row?.bill != null;
}

export async function setLineCredit(tx: Tx, id: number, transactionId: number): Promise<boolean> {
  const rows = await tx
    .update(l)
    .set({ creditId: transactionId })
    .where(and(eq(l.id, id), sql`${l.billId} is null and ${l.creditId} is null`))
    .returning({ id: l.id });
  return rows.length === 1;
}
