import { STATEMENT_PRESETS, type StatementImport, type StatementLine } from '@iddesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bills, statementImports, statementLines, transactions } from '../src/db/schema';
import { customer } from './helpers/ids-fixtures';
import { useStaffedApp } from './helpers/staffed-app';
import { type ApiResponse, createStaffMember, get, post } from './helpers/test-app';
import { addFunds, approveBill, balanceOf, postForm } from './helpers/wallet-fixtures';

/**
 * Issue 54 items 1–4 (docs/product.md "Bank statements", money rule 13): statements imported
 * once per line, matched to the bills of their payment account, reconciled, and the owner's
 * "credit only statement-matched top-ups" on every path. PGlite and PostgreSQL.
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });

/* ---------- statements as an HDFC export writes them, for today ---------- */

type Line = { reference?: string; narration?: string; amount: string; debit?: boolean; daysAgo?: number; balance?: string };

/** A day `daysAgo` before today in the display time zone, as HDFC writes it (dd/MM/yy). */
function hdfcDay(daysAgo = 0): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: ctx.config.displayTimeZone, day: '2-digit', month: '2-digit', year: '2-digit' })
    .formatToParts(new Date(Date.now() - daysAgo * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')}`;
}

let balances = 0;
function hdfcCsv(lines: Line[]): Buffer {
  const rows = lines.map((line) => {
    const narration = line.narration ?? `UPI-CUSTOMER-cust@okaxis-SBIN0001234-${line.reference}-Payment`;
    balances += 1;
    return [hdfcDay(line.daysAgo), narration, '', hdfcDay(line.daysAgo), line.debit ? line.amount : '', line.debit ? '' : line.amount, line.balance ?? `${100000 + balances}.00`].join(',');
  });
  return Buffer.from(['HDFC BANK Ltd.', '', 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance', ...rows].join('\n'));
}

const HDFC = Object.fromEntries(Object.entries(STATEMENT_PRESETS.hdfc)) as Record<string, string>;

function importFile(file: Buffer, token = admin.token, fields: Record<string, string> = HDFC, name = 'statement.csv', account = paymentType.id): Promise<ApiResponse> {
  return postForm(ctx.app, '/api/admin/statements', { payment_type_id: String(account), ...fields }, [{ field: 'file', data: file, filename: name, type: 'text/csv' }], token);
}

async function imported(file: Buffer, token = admin.token): Promise<StatementImport> {
  const res = await importFile(file, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StatementImport;
}

async function linesOf(importId: number, result?: string): Promise<StatementLine[]> {
  const res = await get(ctx.app, `/api/admin/statements/${importId}/lines?perPage=100${result ? `&result=${result}` : ''}`, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as StatementLine[];
}

let refs = 0;
/** A fresh 12-digit UPI reference (an RRN). */
const rrn = () => `6${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 100_000).padStart(5, '0')}${String((refs += 1) % 1000).padStart(3, '0')}`;

async function bill(token: string, amount: string, reference: string): Promise<number> {
  const res = await addFunds(ctx.app, token, paymentType.id, amount, undefined, reference);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const setRules = async (rules: { only_matched: boolean; window_days?: number; claim_hours?: number }) => {
  const res = await post(ctx.app, '/api/admin/statements/rules', { window_days: 3, claim_hours: 24, ...rules }, admin.token);
  expect(res.statusCode, res.body).toBe(200);
};

const lineRows = () => ctx.db.select().from(statementLines);
const billStatus = async (id: number) => (await ctx.db.select({ status: bills.status }).from(bills).where(eq(bills.id, id)))[0]!.status;
const backingOf = async (billId: number) => ctx.db.select({ id: statementLines.id }).from(statementLines).where(eq(statementLines.billId, billId));

describe('issue 54 item 1: importing a statement', () => {
  it('the same file twice, or an overlapping one, adds no line twice; two identical lines in one file are both kept', async () => {
    const [a, b, c] = [rrn(), rrn(), rrn()];
    const cash = { narration: 'CASH DEPOSIT BY SELF', amount: '200.00', balance: '' };
    const first = hdfcCsv([{ reference: a, amount: '100.00' }, { reference: b, amount: '200.00' }, cash, cash]);
    const once = await imported(first);
    expect([once.lines_added, once.lines_known]).toEqual([4, 0]);
    const again = await imported(first);
    expect([again.lines_added, again.lines_known]).toEqual([0, 4]);
    // The second file repeats the second line and one of the identical pair, then a new one.
    const text = first.toString('utf8').split('\n');
    const overlapping = Buffer.from([...text.slice(0, 3), text[4], text[5], hdfcCsv([{ reference: c, amount: '300.00' }]).toString('utf8').split('\n')[3]].join('\n'));
    const next = await imported(overlapping);
    expect([next.lines_added, next.lines_known]).toEqual([1, 2]);
    const mine = (await lineRows()).filter((row) => [once.id, next.id].includes(row.importId));
    expect(mine.map((row) => row.amount).sort()).toEqual([10_000n, 20_000n, 20_000n, 20_000n, 30_000n]);
  });

  it('a bad file is 422 on `file`, naming its line and column, and nothing of it is stored', async () => {
    const before = { lines: (await lineRows()).length, imports: await ctx.db.$count(statementImports) };
    const broken = Buffer.from(hdfcCsv([{ reference: rrn(), amount: '100.00' }, { reference: rrn(), amount: '1OO.00' }]).toString('utf8'));
    const res = await importFile(broken);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual(['Line 5, column “Deposit Amt.”: “1OO.00” is not an amount. Nothing from this file was stored.']);
    const hindi = await postForm(ctx.app, '/api/admin/statements', { payment_type_id: String(paymentType.id), ...HDFC }, [{ field: 'file', data: broken, filename: 's.csv', type: 'text/csv' }], admin.token, { 'accept-language': 'hi' });
    expect(hindi.json().errors.file[0]).toContain('लाइन 5, कॉलम “Deposit Amt.”');
    expect({ lines: (await lineRows()).length, imports: await ctx.db.$count(statementImports) }).toEqual(before);
  });

  it('a CSV without its mapping names each missing field; the mapping used is kept for the account', async () => {
    const res = await importFile(hdfcCsv([{ reference: rrn(), amount: '1.00' }]), admin.token, { date_column: 'Date' });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['amount_style', 'date_format', 'narration_column']);
    await imported(hdfcCsv([{ reference: rrn(), amount: '1.00' }]));
    const accounts = await get(ctx.app, '/api/admin/statements/accounts', admin.token);
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(accounts.json().data.find((a: { id: number }) => a.id === paymentType.id).mapping).toMatchObject(STATEMENT_PRESETS.hdfc);
  });

  it('a file over the size limit is refused on its field', async () => {
    const res = await importFile(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file).toEqual(['The statement file is too large: at most 5 MB.']);
  });
});

describe('issue 54 item 2: matching lines to bills', () => {
  it('matched by canonical reference and exact amount; amount differs; money with no claim; claims with no money', async () => {
    const user = await customer(ctx);
    const matchedRef = rrn();
    // Typed by the customer with spaces and a UTR prefix: canonical forms compare.
    const matched = await bill(user.token, '500.00', `UTR ${matchedRef.slice(0, 4)} ${matchedRef.slice(4)}`);
    const differsRef = rrn();
    const differs = await bill(user.token, '300.00', differsRef);
    const noMoney = await bill(user.token, '700.00', rrn());
    // Filed two days ago: long enough that its money should be on today's statement.
    await ctx.db.update(bills).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(bills.id, noMoney));
    const unclaimedRef = rrn();
    const statement = await imported(
      hdfcCsv([
        { reference: matchedRef, amount: '500.00' },
        { reference: differsRef, amount: '350.00' },
        { reference: unclaimedRef, amount: '900.00' },
        { narration: 'NEFT DR-SBIN0000123-VENDOR-NETBANK-SBIN126306000123', amount: '50.00', debit: true, daysAgo: 1 },
      ]),
    );
    expect(statement.summary).toMatchObject({
      matched: { count: 1, amount: '500.00' },
      matched_pending: { count: 1, amount: '500.00' },
      amount_differs: { count: 1, amount: '350.00' },
      unclaimed: { count: 1, amount: '900.00' },
      debit: { count: 1, amount: '50.00' },
    });
    expect(statement.summary.no_money.count).toBeGreaterThanOrEqual(1);
    const noMoneyPage = await get(ctx.app, `/api/admin/statements/${statement.id}/no_money?perPage=100`, admin.token);
    expect(noMoneyPage.json().data.items.map((b: { id: number }) => b.id)).toContain(noMoney);
    expect(noMoneyPage.json().data.items.map((b: { id: number }) => b.id)).not.toContain(matched);

    const [line] = await linesOf(statement.id, 'matched');
    expect(line).toMatchObject({ amount: '500.00', reference: matchedRef, result: 'matched', bill: { id: matched, status: 'pending' } });
    const [differing] = await linesOf(statement.id, 'amount_differs');
    expect(differing).toMatchObject({ amount: '350.00', bill: { id: differs, amount: '300.00' } });
    // The bill's page shows its line; a bill no line backs shows none.
    const onBill = await get(ctx.app, `/api/admin/bills/${matched}/statement`, admin.token);
    expect(onBill.json().data).toMatchObject({ line: { id: line!.id, result: 'matched' }, only_matched: false });
    expect((await get(ctx.app, `/api/admin/bills/${differs}/statement`, admin.token)).json().data.line).toBeNull();
  });

  it('outside the window of days no line matches; a bill filed after the import is linked when it is approved', async () => {
    const user = await customer(ctx);
    const oldRef = rrn();
    const old = await bill(user.token, '250.00', oldRef);
    await ctx.db.update(bills).set({ createdAt: sql`now() - interval '6 days'` }).where(eq(bills.id, old));
    const lateRef = rrn();
    const statement = await imported(hdfcCsv([{ reference: oldRef, amount: '250.00' }, { reference: lateRef, amount: '260.00' }]));
    expect(statement.summary.matched.count).toBe(0);
    expect(statement.summary.unclaimed.count).toBe(2);
    // Filed after the statement was imported: approving it links the line waiting for it.
    const late = await bill(user.token, '260.00', lateRef);
    expect((await approveBill(ctx.app, admin.token, late)).statusCode).toBe(200);
    expect((await get(ctx.app, `/api/admin/bills/${late}/statement`, admin.token)).json().data.line).toMatchObject({ reference: lateRef, result: 'matched' });
    const [audit] = await ctx.db.select().from(auditLog).where(sql`${auditLog.action} = 'bill.approve' and ${auditLog.objectId} = ${String(late)}`);
    expect(audit!.after).toMatchObject({ statement_line: expect.any(Number) });
  });

  it('a bill approved by hand before its statement came is matched by the import (its money is not "unclaimed")', async () => {
    const user = await customer(ctx);
    const reference = rrn();
    const early = await bill(user.token, '410.00', reference);
    expect((await approveBill(ctx.app, admin.token, early)).statusCode).toBe(200);
    const statement = await imported(hdfcCsv([{ reference, amount: '410.00' }]));
    expect(statement.summary).toMatchObject({ matched: { count: 1 }, matched_pending: { count: 0 }, unclaimed: { count: 0 } });
  });

  it('money rule 13: a line backs one bill only, ever: one line for two bills of its reference, and the database refuses a second link', async () => {
    const user = await customer(ctx);
    const other = await customer(ctx);
    const reference = rrn();
    const first = await bill(user.token, '120.00', reference);
    const second = await bill(other.token, '120.00', reference);
    const statement = await imported(hdfcCsv([{ reference, amount: '120.00' }]));
    expect(statement.summary.matched.count).toBe(1);
    const [line] = await linesOf(statement.id, 'matched');
    expect(line!.bill!.id).toBe(first);
    expect(await backingOf(second)).toEqual([]);
    // The same bill on another line: the unique index; the line moved to another bill: the trigger.
    const spare = await imported(hdfcCsv([{ reference: rrn(), amount: '120.00' }]));
    const [spareLine] = await linesOf(spare.id);
    await expect(ctx.db.update(statementLines).set({ billId: first }).where(eq(statementLines.id, spareLine!.id))).rejects.toThrow();
    await expect(ctx.db.update(statementLines).set({ billId: second }).where(eq(statementLines.id, line!.id))).rejects.toThrow();
    await expect(ctx.db.update(statementLines).set({ billId: null }).where(eq(statementLines.id, line!.id))).rejects.toThrow();
    expect((await backingOf(first)).map((row) => row.id)).toEqual([line!.id]);
  });

  it('money rule 13: two imports of the same file at once store each line once and link each bill once', async () => {
    const user = await customer(ctx);
    const references = [rrn(), rrn(), rrn()];
    const ids = [];
    for (const reference of references) ids.push(await bill(user.token, '150.00', reference));
    const file = hdfcCsv(references.map((reference) => ({ reference, amount: '150.00' })));
    const [a, b] = await Promise.all([importFile(file), importFile(file)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const added = [a.json().data.lines_added, b.json().data.lines_added].sort();
    expect(added).toEqual([0, 3]);
    for (const id of ids) expect(await backingOf(id)).toHaveLength(1);
    const stored = (await lineRows()).filter((row) => references.includes(row.reference ?? ''));
    expect(stored).toHaveLength(3);
  });

  it('money rule 13: a line racing a manual approval leaves one outcome, the rule off and on', async () => {
    const user = await customer(ctx);
    for (const onlyMatched of [false, true, false, true]) {
      await setRules({ only_matched: onlyMatched });
      const reference = rrn();
      const id = await bill(user.token, '90.00', reference);
      const balance = await balanceOf(ctx, user.id);
      const [imports, approval] = await Promise.all([importFile(hdfcCsv([{ reference, amount: '90.00' }])), approveBill(ctx.app, admin.token, id)]);
      expect(imports.statusCode, imports.body).toBe(200);
      // Either the approval came first (the rule off: approved, then the import links its line;
      // the rule on: refused, the bill waits with its line) or the line came first (approved).
      expect([200, 409]).toContain(approval.statusCode);
      if (approval.statusCode === 409) {
        expect(onlyMatched).toBe(true);
        expect(approval.json().code).toBe('NOT_ON_STATEMENT');
        expect(await billStatus(id)).toBe('pending');
        expect((await approveBill(ctx.app, admin.token, id)).statusCode).toBe(200);
      }
      expect(await billStatus(id)).toBe('approved');
      expect(await balanceOf(ctx, user.id)).toBe(balance + 9_000n);
      expect(await backingOf(id)).toHaveLength(1);
    }
    await setRules({ only_matched: false });
  });
});

describe('issue 54 items 3 and 4: reconciliation and the owner’s rule', () => {
  it('money rule 13: "credit only statement-matched top-ups" refuses a bill no line backs on the single call and the batch, then lets it through', async () => {
    const user = await customer(ctx);
    const reference = rrn();
    const id = await bill(user.token, '640.00', reference);
    await setRules({ only_matched: true });
    try {
      const single = await approveBill(ctx.app, admin.token, id);
      expect(single.statusCode).toBe(409);
      expect(single.json()).toMatchObject({ code: 'NOT_ON_STATEMENT' });
      expect(single.json().message).toContain('statement');
      const batch = await post(ctx.app, '/api/admin/bills/batch', { ids: [id], action: 'approve' }, admin.token);
      expect(batch.json().data.items).toEqual([expect.objectContaining({ id, status: 409, code: 'NOT_ON_STATEMENT' })]);
      expect(await billStatus(id)).toBe('pending');
      // Rejecting needs no statement.
      const balance = await balanceOf(ctx, user.id);
      await imported(hdfcCsv([{ reference, amount: '640.00' }]));
      const approved = await post(ctx.app, '/api/admin/bills/batch', { ids: [id], action: 'approve' }, admin.token);
      expect(approved.json().data.items[0]).toMatchObject({ id, status: 200 });
      expect(await balanceOf(ctx, user.id)).toBe(balance + 64_000n);
    } finally {
      await setRules({ only_matched: false });
    }
  });

  it('approve all matched in one batch through the one guard: a flagged matched bill still needs its reason', async () => {
    const user = await customer(ctx);
    const other = await customer(ctx);
    const plain = rrn();
    const reused = rrn();
    const plainBill = await bill(user.token, '110.00', plain);
    const earlier = await bill(other.token, '999.00', reused);
    await post(ctx.app, `/api/admin/bills/${earlier}/reject`, { comment: 'wrong amount' }, admin.token);
    // The same UTR on another (rejected) payment: flagged, "reference elsewhere".
    const flagged = await bill(user.token, '220.00', reused);
    const statement = await imported(hdfcCsv([{ reference: plain, amount: '110.00' }, { reference: reused, amount: '220.00' }]));
    expect(statement.summary.matched_pending).toEqual({ count: 2, amount: '330.00' });
    const matched = await linesOf(statement.id, 'matched');
    const ids = matched.map((line) => line.bill!.id).sort((x, y) => x - y);
    expect(ids).toEqual([plainBill, flagged].sort((x, y) => x - y));
    expect(matched.find((line) => line.bill!.id === flagged)!.bill!.reused_proof.flagged).toBe(true);
    const balance = await balanceOf(ctx, user.id);
    const withoutReason = await post(ctx.app, '/api/admin/bills/batch', { ids, action: 'approve' }, admin.token);
    expect(withoutReason.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: plainBill, status: 200 }),
        expect.objectContaining({ id: flagged, status: 409, code: 'PROOF_FLAGGED' }),
      ]),
    );
    const withReason = await post(ctx.app, '/api/admin/bills/batch', { ids: [flagged], action: 'approve', reasons: [{ id: flagged, reason: 'On the statement' }] }, admin.token);
    expect(withReason.json().data.items[0]).toMatchObject({ status: 200 });
    expect(await balanceOf(ctx, user.id)).toBe(balance + 33_000n);
    const after = await get(ctx.app, `/api/admin/statements/${statement.id}`, admin.token);
    expect(after.json().data.summary).toMatchObject({ matched: { count: 2 }, matched_pending: { count: 0 } });
  });

  it('an owner credits money nobody claimed, with a reason: audited, once, and the line is used', async () => {
    const user = await customer(ctx);
    const reference = rrn();
    const statement = await imported(hdfcCsv([{ reference, amount: '333.00' }]));
    const [line] = await linesOf(statement.id, 'unclaimed');
    const balance = await balanceOf(ctx, user.id);
    const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    const refused = await post(ctx.app, `/api/admin/statements/lines/${line!.id}/credit`, { user_id: user.id, comment: 'Paid by phone' }, cashier.token);
    expect(refused.statusCode).toBe(403);
    const missing = await post(ctx.app, `/api/admin/statements/lines/${line!.id}/credit`, { user_id: user.id }, admin.token);
    expect(missing.statusCode).toBe(422);
    const [a, b] = await Promise.all([
      post(ctx.app, `/api/admin/statements/lines/${line!.id}/credit`, { user_id: user.id, comment: 'Paid without a top-up' }, admin.token),
      post(ctx.app, `/api/admin/statements/lines/${line!.id}/credit`, { user_id: user.id, comment: 'Paid without a top-up' }, admin.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json().data).toMatchObject({ result: 'credited', credit: { user: { id: user.id } } });
    expect(await balanceOf(ctx, user.id)).toBe(balance + 33_300n);
    const rows = await ctx.db.select().from(transactions).where(sql`${transactions.causeType} = 'statement_line' and ${transactions.causeId} = ${line!.id}`);
    expect(rows).toHaveLength(1);
    const [audit] = await ctx.db.select().from(auditLog).where(sql`${auditLog.action} = 'statement_line.credit' and ${auditLog.objectId} = ${String(line!.id)}`);
    expect(audit!.after).toMatchObject({ user_id: user.id, amount: '333.00', comment: 'Paid without a top-up' });
    // A line that backs a bill is no unclaimed money.
    const matchedRef = rrn();
    await bill(user.token, '44.00', matchedRef);
    const other = await imported(hdfcCsv([{ reference: matchedRef, amount: '44.00' }]));
    const [backing] = await linesOf(other.id, 'matched');
    const again = await post(ctx.app, `/api/admin/statements/lines/${backing!.id}/credit`, { user_id: user.id, comment: 'x' }, admin.token);
    expect(again.statusCode).toBe(409);
  });

  it('support reads the reconciliation but may not import; a cashier imports', async () => {
    const support = await createStaffMember(ctx, 'support', { secondFactor: false });
    const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    expect((await importFile(hdfcCsv([{ reference: rrn(), amount: '5.00' }]), support.token)).statusCode).toBe(403);
    const byCashier = await imported(hdfcCsv([{ reference: rrn(), amount: '5.00' }]), cashier.token);
    expect((await get(ctx.app, `/api/admin/statements/${byCashier.id}`, support.token)).statusCode).toBe(200);
    expect((await post(ctx.app, '/api/admin/statements/rules', { only_matched: true, window_days: 3, claim_hours: 24 }, cashier.token)).statusCode).toBe(403);
  });
});
