import { and, eq, getTableColumns, type Placeholder, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '@iddesk/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import { preparedStatement } from '../../db/prepared';
import { sealingFingerprint } from '../app-key';
import { idempotencyKeys, transactions, users, withdrawals, type WithdrawalRow } from '../../db/schema';
import { heldRowInStatement, holdInStatement, type PendingEntry, settleInStatement } from '../ledger';
import { preparedOnce } from '../../db/plan-cache';
import { signalBalanceChanged, signalTableChanged } from '../../db/change-feed';
import type { Db, Tx } from '../../db/types';
import { cancelOwnIfPending, decisionSet, deskWhere, handler, type ListQuery, type Parties, partyColumns, pendingFilter, viewQueries } from '../pending-items';

export type WithdrawalView = WithdrawalRow & Parties;

/** A withdrawal with its customer and handler; for a list page also its total (run once). */
const selectViews = (db: Db, total: SQL<number> = sql<number>`0`) =>
  db
    .select({ withdrawal: withdrawals, ...partyColumns, total })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(handler, eq(handler.id, withdrawals.handledBy));

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const toView = ({ withdrawal, user, handler }: ViewRow): WithdrawalView => ({ ...withdrawal, user, handler });

/** The queue's filters; a withdrawal has no payment type, and its reference is the payout's. */
function filterOf(query: ListQuery): SQL | undefined {
  return and(
    pendingFilter(withdrawals.status, query.pending),
    deskWhere(
      {
        id: withdrawals.id,
        userId: withdrawals.userId,
        createdAt: withdrawals.createdAt,
        amount: withdrawals.amount,
        reference: withdrawals.payoutReference,
      },
      query,
    ),
  );
}

export const {
  list: listWithdrawalViews,
  chunk: withdrawalChunk,
  find: findWithdrawalView,
} = viewQueries({
  id: withdrawals.id,
  tables: [withdrawals, users],
  select: selectViews,
  toView,
  where: filterOf,
  matching: (db, fields, where) => db.select(fields).from(withdrawals).where(where),
});

export type NewWithdrawal = Pick<
  WithdrawalRow,
  'userId' | 'amount' | 'method' | 'upiId' | 'accountHolder' | 'accountNumber' | 'ifsc'
>;

/**
 * Rule 8's daily payout total: the customer's withdrawals asked for today (waiting or paid;
 * rejected and cancelled ones do not count), today being the calendar day in `timeZone`. Read
 * by `withdrawal_payouts_today` (migration 0024), the one definition of it, with no total to
 * check against; the keyed withdrawal's statement passes one.
 */
const todaysPayouts = (userId: SQLWrapper, timeZone: string | Placeholder, except: SQLWrapper = sql`null`) =>
  sql<string>`withdrawal_payouts_today(${userId}::integer, ${timeZone}::text, 0, null, ${except}::integer)::text`;

const placeholder = sql.placeholder;

/**
 * The withdrawal and its hold's ledger row in one statement, with the customer's other
 * payouts of today; every value a placeholder (`NewWithdrawal`, `timeZone`, the entry's), so
 * it is built once per database (issue 19).
 */
const insertOf = (tx: Tx, entry: PendingEntry) =>
  preparedOnce(tx, 'withdrawal insert', (name) => {
    const written = tx.$with('written').as(
      tx
        .insert(withdrawals)
        .values({
          userId: placeholder('userId'),
          amount: placeholder('amount'),
          method: placeholder('method'),
          upiId: placeholder('upiId'),
          accountHolder: placeholder('accountHolder'),
          accountNumber: placeholder('accountNumber'),
          ifsc: placeholder('ifsc'),
        })
        .returning({
          ...getTableColumns(withdrawals),
          paidToday: todaysPayouts(placeholder('userId'), placeholder('timeZone'), withdrawals.id).as('paid_today'),
        }),
    );
    const held = tx.$with('held').as(entry.insert(tx, { type: 'withdrawal', id: sql`(select ${written.id} from ${written})` }).returning({ id: transactions.id }));
    return tx.with(written, held).select().from(written).prepare(name);
  });

/**
 * Writes the withdrawal and its ledger row (`entry`, ledger holdFor) in one statement, and
 * answers from it the customer's other payouts of today (`paidToday`; a statement does not
 * see the rows it inserts). Run it after the customer's row is locked: its snapshot then
 * holds every withdrawal committed before.
 */
export async function insertWithdrawal(
  tx: Tx,
  values: NewWithdrawal,
  timeZone: string,
  entry: PendingEntry,
): Promise<{ withdrawal: WithdrawalRow; paidToday: bigint }> {
  signalTableChanged('withdrawals');
  const [row] = await insertOf(tx, entry).execute({ ...values, timeZone, ...entry.values });
  const { paidToday, ...withdrawal } = row!;
  return { withdrawal, paidToday: BigInt(paidToday) };
}

/** Money rule 10: the customer's own pending withdrawal → cancelled, at most once. */
export const cancelPendingWithdrawal = (tx: Tx, id: number, customerId: number): Promise<WithdrawalRow | null> =>
  cancelOwnIfPending(tx, withdrawals, id, customerId);

export async function payoutsToday(db: Db, userId: number, timeZone: string): Promise<bigint> {
  const [row] = await db.select({ total: todaysPayouts(users.id, timeZone) }).from(users).where(eq(users.id, userId));
  return BigInt(row?.total ?? '0');
}

/** A decided withdrawal as its answer shows it, with the language its customer reads. */
export type DecidedWithdrawal = WithdrawalView & { locale: Locale };

type Change = { comment: string | null; payoutReference: string | null; payoutProofKey: string | null };

/** The marking UPDATE with its values as placeholders (`id`, `adminId`, `Change`). */
const markOf = (tx: Tx, status: 'approved' | 'rejected') =>
  tx
    .update(withdrawals)
    .set(
      decisionSet<typeof withdrawals>({
        status,
        adminId: sql`${placeholder('adminId')}`,
        change: {
          comment: sql`${placeholder('comment')}`,
          payoutReference: sql`${placeholder('payoutReference')}`,
          payoutProofKey: sql`${placeholder('payoutProofKey')}`,
        },
      }),
    )
    .from(users)
    .innerJoin(handler, eq(handler.id, placeholder('adminId')))
    .where(and(eq(withdrawals.id, placeholder('id')), eq(withdrawals.status, 'pending'), eq(users.id, withdrawals.userId)))
    .returning({
      ...getTableColumns(withdrawals),
      customerName: sql<string>`${users.name}`.as('customer_name'),
      customerEmail: sql<string>`${users.email}`.as('customer_email'),
      customerPhone: sql<string>`${users.phone}`.as('customer_phone'),
      locale: sql<Locale>`${users.locale}`.as('customer_locale'),
      handlerName: sql<string>`${handler.name}`.as('handler_name'),
    });

type Marked = Awaited<ReturnType<ReturnType<typeof markOf>['execute']>>[number];

/**
 * Money rule 6, as for bills: pending → approved/rejected at most once (pending-items
 * decisionSet); null when it was no longer pending. The same statement returns the view's
 * parties (the customer; the deciding staff member, now its handler) and the customer's
 * language, so neither the answer nor the notification reads them again (issue 19). An
 * approval settles the hold in that statement too (ledger settleInStatement; a hold no longer
 * pending is its 409, which rolls the decision back): its CTE reads the marked withdrawal's
 * id, so the withdrawal's row is locked before the ledger row, in the order a cancel or a
 * rejection locks them. Built once per database.
 */
export async function handlePendingWithdrawal(
  tx: Tx,
  id: number,
  { status, adminId, ...change }: { status: 'approved' | 'rejected'; adminId: number } & Change,
): Promise<DecidedWithdrawal | null> {
  signalTableChanged('withdrawals');
  const values = { id, adminId, ...change };
  let decided: Marked | undefined;
  if (status === 'approved') {
    const approve = preparedOnce(tx, 'withdrawal mark approved', (name) => {
      const marked = tx.$with('marked').as(markOf(tx, 'approved'));
      const settled = tx.$with('settled').as(
        settleInStatement.statement(tx, { type: 'withdrawal', id: sql`(select ${marked.id} from ${marked})` }),
      );
      return tx.with(marked, settled).select().from(marked).leftJoin(settled, sql`true`).prepare(name);
    });
    const [row] = await approve.execute(values);
    if (row) settleInStatement.confirm(row.settled !== null);
    decided = row?.marked;
  } else {
    const reject = preparedOnce(tx, 'withdrawal mark rejected', (name) => markOf(tx, 'rejected').prepare(name));
    [decided] = await reject.execute(values);
  }
  if (!decided) return null;
  const { customerName, customerEmail, customerPhone, handlerName, locale, ...withdrawal } = decided;
  return {
    ...withdrawal,
    user: { id: withdrawal.userId, name: customerName, email: customerEmail, phone: customerPhone },
    handler: { id: adminId, name: handlerName },
    locale,
  };
}

/** Withdrawal ids handed out ahead of their insert, a batch per database handle (`nextWithdrawalId`). */
const aheadIds = new WeakMap<Db, number[]>();
const ID_BATCH = 16;

/**
 * The next withdrawal's id, before its row is written: a keyed withdrawal's answer is sealed
 * before its one statement (`insertKeyedWithdrawal`). Taken from the identity's own sequence,
 * `ID_BATCH` at a time, so most calls read nothing for it. Ids still grow with time on one
 * server; across servers they interleave by batch, so a queue's oldest-first order (by id) can
 * swap two withdrawals asked for seconds apart on different servers (decision 026).
 */
export async function nextWithdrawalId(db: Db): Promise<number> {
  let ids = aheadIds.get(db);
  if (!ids) aheadIds.set(db, (ids = []));
  if (ids.length === 0) {
    const rows = await db
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('withdrawals', 'id'))::int` })
      .from(sql`generate_series(1, ${sql.raw(String(ID_BATCH))})`);
    // Another call may have refilled meanwhile: both batches are good.
    ids.push(...rows.map((row) => Number(row.id)));
  }
  return ids.shift()!;
}

/** What the keyed withdrawal's one statement is given (`insertKeyedWithdrawal`). */
export type KeyedWithdrawal = {
  /** The claim of the call's Idempotency-Key, its answer sealed ahead (money-calls). */
  userId: number;
  key: string;
  fingerprint: string;
  response: string;
  claimedAt: Date;
  appKey: string | null;
  /** The withdrawal, its id and time handed out ahead. */
  id: number;
  createdAt: Date;
  amount: bigint;
  method: WithdrawalRow['method'];
  upiId: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  timeZone: string;
  dailyTotal: bigint;
  /** The hold's ledger text in every language (ledger descriptionsByLocale). */
  descriptions: string;
};

const p = sql.placeholder;

/**
 * A keyed withdrawal in one statement (issue 19: about half the CPU of the transaction it
 * replaces, on both sides): the key's claim with its sealed answer, the hold, the withdrawal
 * and its ledger row. In that order, each reading the one before:
 * - the claim is a plain insert, so a key already answered (or in flight: it waits for that
 *   call's end) breaks `idempotency_keys_pk`, ahead of any refusal, and the call is replayed;
 *   it inserts nothing if the app key's fingerprint is no longer the one the answer was
 *   sealed under (under a share lock, as the general path's claim), and nothing after it runs;
 * - the hold breaks `users_balance_non_negative` when the balance is short (ledger
 *   holdInStatement);
 * - money rule 8's daily total is read by `withdrawal_payouts_today` (migration 0024), after
 *   the hold has locked the customer's row and in a fresh snapshot, so a concurrent
 *   withdrawal committed meanwhile counts; over the total it raises ID001.
 * Any of these undoes the whole statement. Answers one row when everything was written, none
 * when the claim was not (the app key changed, or the customer is gone).
 */
const keyedWithdrawalStatement = preparedStatement<keyof KeyedWithdrawal>(
  'withdrawal_keyed',
  () => {
    const amount = sql`${p('amount')}::bigint`;
    const query = sql`with claimed as (
        insert into ${idempotencyKeys} (user_id, key, fingerprint, response, created_at)
        select ${p('userId')}::integer, ${p('key')}::text, ${p('fingerprint')}::text, ${p('response')}::text, ${p('claimedAt')}::timestamptz
        where ${sealingFingerprint} is not distinct from ${p('appKey')}::text
        returning user_id
      ), held as (${holdInStatement(sql`(select user_id from claimed)`, amount)}
      ), written as (
        insert into ${withdrawals} (id, user_id, amount, method, upi_id, account_holder, account_number, ifsc, created_at)
        overriding system value
        select ${p('id')}::integer, held.id, ${amount}, ${p('method')}::payment_kind, ${p('upiId')}::text, ${p('accountHolder')}::text,
          ${p('accountNumber')}::text, ${p('ifsc')}::text, ${p('createdAt')}::timestamptz
        from held
        where withdrawal_payouts_today(held.id, ${p('timeZone')}::text, ${amount}, ${p('dailyTotal')}::bigint, null) >= 0
        returning id
      )
      ${heldRowInStatement('held', { type: 'withdrawal', table: 'written' }, amount, sql`'withdrawal'`, sql`${p('descriptions')}::text`)}
      returning id`;
    return { toSQL: () => new PgDialect().sqlToQuery(query) };
  },
  { lane: 'wait' },
);

/** Runs `keyedWithdrawalStatement`: true when it wrote the withdrawal, false when the claim wrote nothing. */
export async function insertKeyedWithdrawal(db: Db, values: KeyedWithdrawal): Promise<boolean> {
  signalTableChanged('withdrawals');
  const rows = await keyedWithdrawalStatement(db, values);
  if (rows.length === 0) return false;
  signalBalanceChanged(values.userId);
  return true;
}

/** Whether `error` is `withdrawal_payouts_today` refusing a keyed withdrawal over the daily total. */
export const overDailyTotal = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ID001';
