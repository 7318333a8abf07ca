import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bills, transactions } from '../src/db/schema';
import { createAdmin, post, registerUser, useTestApp } from './helpers/test-app';
import {
  addFunds,
  balanceOf,
  createUpiPaymentType,
  deposit,
  expectLedgerConsistent,
  nextReference,
  userIdOf,
  withdrawUpi,
} from './helpers/wallet-fixtures';

/** Issue 16 item 3: batch approve/reject, each item once, in its own transaction. */

let staffA: { token: string };
let staffB: { token: string };
let paymentTypeId: number;

const ctx = useTestApp();
beforeAll(async () => {
  staffA = await createAdmin(ctx);
  staffB = await createAdmin(ctx);
  paymentTypeId = (await createUpiPaymentType(ctx.app, staffA.token)).id;
});
afterEach(async () => {
  await expectLedgerConsistent(ctx);
});

async function person() {
  const user = await registerUser(ctx.app);
  return { ...user, id: await userIdOf(ctx, user.email) };
}

async function pendingBills(token: string, amounts: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const amount of amounts) {
    const res = await addFunds(ctx.app, token, paymentTypeId, amount);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.id as number);
  }
  return ids;
}

const batch = (path: string, token: string, body: unknown) => post(ctx.app, `/api/admin/${path}/batch`, body, token);

describe('batch decisions', () => {
  it('money rule 6: approves several bills, each credited once, and reports per item (a handled one is a per-item 409)', async () => {
    const user = await person();
    const [a, b, c] = await pendingBills(user.token, ['10.00', '20.00', '30.00']);
    await post(ctx.app, `/api/admin/bills/${b}/reject`, undefined, staffA.token);

    const res = await batch('bills', staffA.token, { ids: [a, b, c, 999_999], action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      action: 'approve',
      handled: 2,
      failed: 2,
      items: [
        { id: a, status: 200, code: null, message: 'Approved.' },
        { id: b, status: 409, code: 'ALREADY_HANDLED', message: expect.any(String) },
        { id: c, status: 200, code: null, message: 'Approved.' },
        { id: 999_999, status: 404, code: 'NOT_FOUND', message: expect.any(String) },
      ],
    });
    expect(await balanceOf(ctx, user.id)).toBe(4000n);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bill.approve'), inArray(auditLog.objectId, [String(a), String(c)])));
    expect(audits).toHaveLength(2);
  });

  it('money rule 6: two staff batch-approving overlapping bills at once: each bill credited exactly once', async () => {
    const user = await person();
    const ids = await pendingBills(user.token, ['1.00', '2.00', '3.00', '4.00', '5.00', '6.00']);
    const first = ids.slice(0, 4);
    const second = ids.slice(2).reverse();

    const [resA, resB] = await Promise.all([
      batch('bills', staffA.token, { ids: first, action: 'approve' }),
      batch('bills', staffB.token, { ids: second, action: 'approve' }),
    ]);
    expect(resA.statusCode).toBe(200);
    expect(resB.statusCode).toBe(200);
    const outcomes = [...resA.json().data.items, ...resB.json().data.items] as { id: number; status: number; code: string | null }[];
    for (const id of ids) {
      const mine = outcomes.filter((o) => o.id === id);
      expect(mine.filter((o) => o.status === 200), `bill ${id}`).toHaveLength(1);
      expect(mine.filter((o) => o.status !== 200).every((o) => o.status === 409 && o.code === 'ALREADY_HANDLED')).toBe(true);
    }
    expect(await balanceOf(ctx, user.id)).toBe(2100n);
    const rows = await ctx.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.status === 'done')).toHaveLength(6);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bill.approve'), inArray(auditLog.objectId, ids.map(String))));
    expect(audits).toHaveLength(6);
  });

  it('rejects several bills with one comment; a flagged bill without its reason is a per-item 409 REUSED_PROOF', async () => {
    const user = await person();
    const [a, b] = await pendingBills(user.token, ['7.00', '8.00']);
    const rejected = await batch('bills', staffA.token, { ids: [a, b], action: 'reject', comment: 'Payment not received' });
    expect(rejected.json().data).toMatchObject({ handled: 2, failed: 0 });
    const rows = await ctx.db.select().from(bills).where(inArray(bills.id, [a!, b!]));
    expect(rows.map((r) => [r.status, r.comment])).toEqual([
      ['rejected', 'Payment not received'],
      ['rejected', 'Payment not received'],
    ]);

    const utr = nextReference();
    const x = (await addFunds(ctx.app, user.token, paymentTypeId, '9.00', undefined, utr)).json().data.id;
    const y = (await addFunds(ctx.app, user.token, paymentTypeId, '9.00', undefined, utr)).json().data.id;
    // Issue 51: both are flagged (each names the other); x has its reason, y is left out.
    const res = await batch('bills', staffA.token, { ids: [x, y], action: 'approve', reasons: [{ id: x, reason: 'The first transfer' }] });
    expect(res.json().data.items).toEqual([
      { id: x, status: 200, code: null, message: 'Approved.' },
      { id: y, status: 409, code: 'REUSED_PROOF', message: expect.any(String) },
    ]);
    expect(await balanceOf(ctx, user.id)).toBe(900n);
  });

  it('money rule 6: withdrawals in a batch, under two staff at once: each hold settles once', async () => {
    const user = await person();
    await deposit(ctx.app, staffA.token, user.id, '100');
    const ids: number[] = [];
    for (const amount of ['10', '20', '30']) ids.push((await withdrawUpi(ctx.app, user.token, amount)).json().data.id);
    const [resA, resB] = await Promise.all([
      batch('withdraw', staffA.token, { ids, action: 'approve' }),
      batch('withdraw', staffB.token, { ids: [...ids].reverse(), action: 'reject' }),
    ]);
    const outcomes = [...resA.json().data.items, ...resB.json().data.items] as { id: number; status: number }[];
    for (const id of ids) expect(outcomes.filter((o) => o.id === id && o.status === 200), `withdrawal ${id}`).toHaveLength(1);
    const approved = resA.json().data.items.filter((o: { status: number }) => o.status === 200).map((o: { id: number }) => o.id);
    const paidOut = [10, 20, 30].filter((_, i) => approved.includes(ids[i])).reduce((s, v) => s + v, 0);
    expect(await balanceOf(ctx, user.id)).toBe(BigInt((100 - paidOut) * 100));
  });

  it('a bad batch is a 422: no ids, repeated ids, too many', async () => {
    for (const body of [
      { ids: [], action: 'approve' },
      { ids: [1, 1], action: 'approve' },
      { ids: Array.from({ length: 51 }, (_, i) => i + 1), action: 'reject' },
      { ids: [1], action: 'maybe' },
    ]) {
      const res = await batch('bills', staffA.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
