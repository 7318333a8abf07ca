import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Minor } from '@iddesk/contract';
import { randomUUID } from 'node:crypto';
import { auditLog, idempotencyKeys, transactions, withdrawals } from '../src/db/schema';
import { ledgerInvariant } from '../src/modules/ledger/invariant';
import { credit, hold } from '../src/modules/ledger/service';
import { get, post, postKeyed } from './helpers/test-app';
import { addFunds, balanceOf, deposit, WITH_AND_WITHOUT_KEY, withdrawUpi, withdrawUpiKeyed } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';
import { customer } from './helpers/ids-fixtures';

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });

const rowsOf = (userId: number) =>
  ctx.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);

describe('money rules', () => {
  it.each(WITH_AND_WITHOUT_KEY)('money rule 1: a withdrawal above the available balance is 409 and writes nothing ($name)', async ({ keyed }) => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '50');
    const key = randomUUID();
    const send = () => (keyed ? withdrawUpiKeyed(ctx.app, user.token, '50.01', key) : withdrawUpi(ctx.app, user.token, '50.01'));
    const res = await send();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', data: null });
    expect(await balanceOf(ctx, user.id)).toBe(5000n);
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await ctx.db.$count(idempotencyKeys, eq(idempotencyKeys.userId, user.id))).toBe(0);
    // Sent again once the money is there, it is a new call (with its key too: no replay of the refusal).
    await deposit(ctx.app, admin.token, user.id, '1');
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balanceOf(ctx, user.id)).toBe(99n);
  });

  it.each(WITH_AND_WITHOUT_KEY)('money rule 1: available balance never goes below zero under concurrency (50 withdrawals of 100 against 1 000, $name)', async ({ withdraw: send }) => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '1000');

    const results = await Promise.all(Array.from({ length: 50 }, () => send(ctx.app, user.token, '100')));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().code).toBe('INSUFFICIENT_BALANCE');

    expect(await balanceOf(ctx, user.id)).toBe(0n);
    const holds = (await rowsOf(user.id)).filter((r) => r.kind === 'withdrawal');
    expect(holds).toHaveLength(10);
    expect(holds.every((r) => r.status === 'pending' && r.amount === -10000n)).toBe(true);
    const pending = await get(ctx.app, '/api/transactions?pending=1', user.token);
    expect(pending.json().data.total).toBe(10);
    // Each answer is its withdrawal as stored, and its hold names it.
    const answered = ok.map((r) => r.json().data).sort((a, b) => a.id - b.id);
    const stored = await ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id)).orderBy(withdrawals.id);
    expect(answered.map((w) => [w.id, w.amount, w.status, new Date(w.created_at).getTime()])).toEqual(
      stored.map((w) => [w.id, '100.00', 'pending', w.createdAt.getTime()]),
    );
    expect(holds.map((r) => r.causeId).sort((a, b) => a! - b!)).toEqual(stored.map((w) => w.id));
  });

  it('money rule 2: balance always equals the sum of the counting rows (done rows and holds)', async () => {
    const user = await customer(ctx);
    const check = async () => expect((await ledgerInvariant(ctx.db, user.id)).ok).toBe(true);

    await deposit(ctx.app, admin.token, user.id, '300'); // done credit
    await check();
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '200')).json().data; // pending credit: does not count
    await check();
    const w1 = (await withdrawUpi(ctx.app, user.token, '120')).json().data; // hold: counts
    const w2 = (await withdrawUpi(ctx.app, user.token, '80')).json().data;
    await check();
    await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token);
    await check();
    await post(ctx.app, `/api/admin/withdraw/${w1.id}/approve`, undefined, admin.token);
    await post(ctx.app, `/api/admin/withdraw/${w2.id}/reject`, { comment: 'Wrong UPI' }, admin.token);
    await check();

    // 300 + 200 − 120 (paid out); the 80 came back.
    expect(await balanceOf(ctx, user.id)).toBe(38000n);
    const counted = await ledgerInvariant(ctx.db, user.id);
    expect(counted).toMatchObject({ balance: 38000n, counted: 38000n, ok: true });
  });

  it('money rule 3: add funds is a pending credit that counts only once an admin approves it', async () => {
    const user = await customer(ctx);
    const res = await addFunds(ctx.app, user.token, paymentType.id, '750.50');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Request sent. We will process it shortly.');
    const bill = res.json().data;
    expect(bill).toMatchObject({ amount: '750.50', status: 'pending', handled_at: null });

    expect(await balanceOf(ctx, user.id)).toBe(0n);
    const [pendingRow] = await rowsOf(user.id);
    expect(pendingRow).toMatchObject({ amount: 75050n, status: 'pending', kind: 'add_funds', causeType: 'bill', causeId: bill.id, balanceAfter: null });

    const approved = await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', handled_at: expect.any(String) });
    expect(await balanceOf(ctx, user.id)).toBe(75050n);
    const [doneRow] = await rowsOf(user.id);
    expect(doneRow).toMatchObject({ status: 'done', balanceAfter: 75050n });

    const list = (await get(ctx.app, '/api/transactions?pending=0', user.token)).json().data;
    expect(list.items[0]).toMatchObject({ amount: '750.50', status: 'done', kind: 'add_funds', balance_after: '750.50' });
  });

  it('money rule 3: a rejected bill never counts', async () => {
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '90')).json().data;
    const res = await post(ctx.app, `/api/admin/bills/${bill.id}/reject`, { comment: 'No such payment' }, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', comment: 'No such payment' });
    expect(await balanceOf(ctx, user.id)).toBe(0n);
    expect((await rowsOf(user.id))[0]).toMatchObject({ status: 'rejected', balanceAfter: null });
  });

  it.each(WITH_AND_WITHOUT_KEY)('money rule 4: a wallet withdrawal is held at once; approval settles it, rejection releases it ($name)', async ({ withdraw, post: send }) => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '1000');

    const w1 = (await withdraw(ctx.app, user.token, '400')).json().data;
    expect(await balanceOf(ctx, user.id)).toBe(60000n);
    const w2 = (await withdraw(ctx.app, user.token, '250')).json().data;
    expect(await balanceOf(ctx, user.id)).toBe(35000n);

    const approved = await send(ctx.app, `/api/admin/withdraw/${w1.id}/approve`, undefined, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(await balanceOf(ctx, user.id)).toBe(35000n); // settling does not move the balance again

    const rejected = await send(ctx.app, `/api/admin/withdraw/${w2.id}/reject`, undefined, admin.token);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('The withdrawal has been rejected and the amount returned to the balance.');
    expect(await balanceOf(ctx, user.id)).toBe(60000n);

    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.kind, r.amount, r.status])).toEqual([
      ['admin_deposit', 100000n, 'done'],
      ['withdrawal', -40000n, 'done'],
      ['withdrawal', -25000n, 'rejected'],
    ]);
  });

  it('money rule 5: an approval credits the amount the admin confirms (the ledger credit ID withdraw/close use)', async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '10');
    const row = await ctx.db.transaction((tx) =>
      credit(tx, {
        userId: user.id,
        amount: 123456n as Minor,
        kind: 'id_close',
        cause: { type: 'request', id: 900_001 },
        description: { key: 'api.ledger.entry.idClosed', values: { request: 900_001 } },
      }),
    );
    expect(row).toMatchObject({ status: 'done', amount: 123456n, balanceAfter: 124456n });
    expect(await balanceOf(ctx, user.id)).toBe(124456n);
    // The same request can never be credited twice: one ledger row per cause.
    await expect(
      ctx.db.transaction((tx) =>
        credit(tx, { userId: user.id, amount: 1n as Minor, kind: 'id_close', cause: { type: 'request', id: 900_001 }, description: { key: 'api.ledger.entry.idClosed', values: { request: 900_001 } } }),
      ),
    ).rejects.toThrow();
    expect(await balanceOf(ctx, user.id)).toBe(124456n);
  });

  it('money rule 6: 20 simultaneous approvals of one bill credit it once (19 × 409)', async () => {
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '500')).json().data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const conflicts = results.filter((r) => r.statusCode === 409);
    expect(conflicts).toHaveLength(19);
    for (const r of conflicts) expect(r.json()).toMatchObject({ code: 'ALREADY_HANDLED', message: 'This bill has already been handled.' });
    expect(await balanceOf(ctx, user.id)).toBe(50000n);
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'bill'), eq(auditLog.objectId, String(bill.id))));
    expect(audits).toHaveLength(1);
  });

  it.each(WITH_AND_WITHOUT_KEY)('money rule 6: approve racing reject on one withdrawal leaves exactly one outcome ($name)', async ({ keyed }) => {
    for (let round = 0; round < 5; round += 1) {
      const user = await customer(ctx);
      await deposit(ctx.app, admin.token, user.id, '100');
      const w = (await withdrawUpi(ctx.app, user.token, '100')).json().data;
      const send = (action: 'approve' | 'reject') => {
        const url = `/api/admin/withdraw/${w.id}/${action}`;
        const body = action === 'reject' ? { comment: 'race' } : {};
        return keyed ? postKeyed(ctx.app, url, body, admin.token, `${action}-${w.id}`) : post(ctx.app, url, body, admin.token);
      };
      const [approve, reject] = await Promise.all([send('approve'), send('reject')]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = approve.statusCode === 200 ? (['approve', 'reject'] as const) : (['reject', 'approve'] as const);
      const final = (await get(ctx.app, `/api/admin/withdraw/${w.id}`, admin.token)).json().data;
      expect(final).toEqual((winner === 'approve' ? approve : reject).json().data);
      const [row] = (await rowsOf(user.id)).filter((r) => r.kind === 'withdrawal');
      expect(row!.status).toBe(winner === 'approve' ? 'done' : 'rejected');
      expect(await balanceOf(ctx, user.id)).toBe(winner === 'approve' ? 0n : 10000n);
      // The loser's key, if any, was rolled back with its work: sent again, it is decided again (409).
      const retried = await send(loser);
      expect(retried.statusCode).toBe(409);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
    }
  });

  it('money rule 6: a second approve or reject of a handled item is 409 and moves no money', async () => {
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '40')).json().data;
    await post(ctx.app, `/api/admin/bills/${bill.id}/reject`, undefined, admin.token);
    for (const action of ['approve', 'reject']) {
      const res = await post(ctx.app, `/api/admin/bills/${bill.id}/${action}`, undefined, admin.token);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().code).toBe('ALREADY_HANDLED');
    }
    expect(await balanceOf(ctx, user.id)).toBe(0n);

    await deposit(ctx.app, admin.token, user.id, '40');
    const w = (await withdrawUpi(ctx.app, user.token, '40')).json().data;
    await post(ctx.app, `/api/admin/withdraw/${w.id}/approve`, undefined, admin.token);
    const again = await post(ctx.app, `/api/admin/withdraw/${w.id}/reject`, undefined, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_HANDLED', message: 'This withdrawal has already been handled.' });
    expect(await balanceOf(ctx, user.id)).toBe(0n);
    // Unknown items are 404, not 409.
    expect((await post(ctx.app, '/api/admin/bills/999999/approve', undefined, admin.token)).statusCode).toBe(404);
    expect((await post(ctx.app, '/api/admin/withdraw/999999/reject', undefined, admin.token)).statusCode).toBe(404);
  });

  it('money rule 6: a withdrawal whose hold is no longer pending is not approved (409, the decision rolls back)', async () => {
    // A hold found settled already (never so through the API) refuses the whole decision.
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '30');
    const w = (await withdrawUpi(ctx.app, user.token, '30')).json().data;
    const byCause = and(eq(transactions.causeType, 'withdrawal'), eq(transactions.causeId, w.id));
    await ctx.db.update(transactions).set({ status: 'done' }).where(byCause);
    const res = await post(ctx.app, `/api/admin/withdraw/${w.id}/approve`, undefined, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_HANDLED');
    expect((await get(ctx.app, `/api/admin/withdraw/${w.id}`, admin.token)).json().data).toMatchObject({ status: 'pending', handled_by: null });
    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'withdrawal'), eq(auditLog.objectId, String(w.id))));
    expect(audit).toHaveLength(0);
    expect(await balanceOf(ctx, user.id)).toBe(0n);
  });

  it('money rule 7: admin manual deposit and withdraw write a ledger row and an audit entry; a manual withdraw cannot overdraw', async () => {
    const user = await customer(ctx);
    const dep = await post(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount: '250.75', comment: 'Cash at the counter' }, admin.token);
    expect(dep.statusCode).toBe(200);
    expect(dep.json()).toMatchObject({
      message: 'The balance has been credited.',
      data: { amount: '250.75', status: 'done', kind: 'admin_deposit', balance_after: '250.75', cause_type: 'manual', cause_id: null },
    });
    expect(dep.json().data.description).toContain('Cash at the counter');

    const wd = await post(ctx.app, '/api/admin/withdraw/create', { user_id: user.id, amount: 50, comment: 'Fee' }, admin.token);
    expect(wd.statusCode).toBe(200);
    expect(wd.json().data).toMatchObject({ amount: '-50.00', kind: 'admin_withdrawal', balance_after: '200.75' });

    const over = await post(ctx.app, '/api/admin/withdraw/create', { user_id: user.id, amount: '200.76', comment: 'Too much' }, admin.token);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(ctx, user.id)).toBe(20075n);

    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(user.id))));
    expect(audits.map((a) => a.action)).toEqual(['balance.deposit', 'balance.withdraw']);
    expect(audits[1]).toMatchObject({ before: { balance: '250.75' }, after: { balance: '200.75', amount: '-50.00', comment: 'Fee' } });
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it('ledger: holds placed directly through the ledger also refuse to overdraw', async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '1');
    const attempt = ctx.db.transaction((tx) =>
      hold(tx, { userId: user.id, amount: 101n as Minor, kind: 'id_create', cause: { type: 'user_id', id: 800_001 }, description: { key: 'api.ledger.entry.newId', values: { site: 'Test', username: 'race' } } }),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(ctx, user.id)).toBe(100n);
  });
});
