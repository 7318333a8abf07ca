import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../src/db/schema';
import { approveId, activeId, createFromWallet, customer, customerWith, depositFromWallet, handle } from './helpers/ids-fixtures';
import { type ApiResponse, get, post } from './helpers/test-app';
import { useStaffedApp } from './helpers/staffed-app';
import { addFunds, balanceOf, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Money rule 10 (docs/product.md#money-rules; issue 17): a customer may cancel their own pending top-up,
 * withdrawal, new ID or ID request before staff handle it; a hold is released exactly once,
 * and a cancel racing a staff decision leaves exactly one outcome. On PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (where the races run truly in parallel).
 */
const { ctx, admin, item, paymentType } = useStaffedApp({ paymentType: true, item: { min_deposit: '10' }, ledgerCheck: true });

const cancel = (path: string, token: string) => post(ctx.app, `/api${path}/cancel`, undefined, token);
const ledgerRow = async (type: 'bill' | 'withdrawal' | 'user_id' | 'request', id: number) =>
  (await ctx.db.select().from(transactions).where(and(eq(transactions.causeType, type), eq(transactions.causeId, id))))[0];

describe('money rule 10: customers cancel their own pending items', () => {
  it('money rule 10: a pending top-up, withdrawal, new ID and ID deposit are cancelled; each hold returns once, with an audit entry', async () => {
    const user = await customerWith(ctx, admin.token, '3000');
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '700')).json().data;
    const withdrawal = (await withdrawUpi(ctx.app, user.token, '400')).json().data;
    const newId = (await createFromWallet(ctx.app, user.token, item.id, '500', 'to_cancel')).json().data;
    const userIdId = (await createFromWallet(ctx.app, user.token, item.id, '600', 'keeps')).json().data.id as number;
    expect((await approveId(ctx.app, admin.token, userIdId, '600')).statusCode).toBe(200);
    const idDeposit = (await depositFromWallet(ctx.app, user.token, userIdId, '250')).json().data;
    expect(await balanceOf(ctx, user.id)).toBe((3000n - 400n - 500n - 600n - 250n) * 100n);

    const bc = await cancel(`/bills/${bill.id}`, user.token);
    expect(bc.statusCode, bc.body).toBe(200);
    expect(bc.json().data.status).toBe('cancelled');
    expect(await balanceOf(ctx, user.id)).toBe(125_000n); // a pending credit never counted

    const wc = await cancel(`/withdraw/${withdrawal.id}`, user.token);
    expect(wc.json()).toMatchObject({ message: expect.stringMatching(/returned to your balance/), data: { status: 'cancelled' } });
    expect(await balanceOf(ctx, user.id)).toBe(165_000n);

    const nc = await cancel(`/user_ids/${newId.id}`, user.token);
    expect(nc.json().data).toMatchObject({ status: 'cancelled', pay_from: 'wallet' });
    expect(await balanceOf(ctx, user.id)).toBe(215_000n);

    const dc = await cancel(`/requests/${idDeposit.id}`, user.token);
    expect(dc.json().data).toMatchObject({ status: 'cancelled', type: 'deposit' });
    expect(await balanceOf(ctx, user.id)).toBe(240_000n);

    // Each ledger row ends `cancelled`; none counts any more.
    expect((await ledgerRow('bill', bill.id))!.status).toBe('cancelled');
    expect((await ledgerRow('withdrawal', withdrawal.id))!.status).toBe('cancelled');
    expect((await ledgerRow('user_id', newId.id))!.status).toBe('cancelled');
    expect((await ledgerRow('request', idDeposit.id))!.status).toBe('cancelled');
    const done = (await get(ctx.app, '/api/transactions?pending=0', user.token)).json().data.items as Array<{ status: string }>;
    expect(done.filter((t) => t.status === 'cancelled')).toHaveLength(4);
    expect((await get(ctx.app, '/api/transactions?pending=1', user.token)).json().data.total).toBe(0);

    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, user.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['bill.cancel', 'id_request.cancel', 'user_id.cancel', 'withdrawal.cancel']);
  });

  it('money rule 10: a close, a withdrawal from an ID and a password change are cancelled without moving money', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const balance = await balanceOf(ctx, user.id);
    const out = (await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '80' }, user.token)).json().data;
    const pw = (await post(ctx.app, `/api/user_ids/${userIdId}/change_password`, {}, user.token)).json().data;
    const closing = (await post(ctx.app, `/api/user_ids/${userIdId}/close`, undefined, user.token)).json().data;
    for (const id of [closing.id, out.id, pw.id]) {
      const res = await cancel(`/requests/${id}`, user.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Your request has been cancelled.');
    }
    expect(await balanceOf(ctx, user.id)).toBe(balance);
    const view = (await get(ctx.app, `/api/user_ids/${userIdId}`, user.token)).json().data;
    expect(view).toMatchObject({ status: 'active', pending_request_types: [] });
  });

  it('money rule 10: another customer’s item is 404; a handled one, or a second cancel, is 409 and moves nothing', async () => {
    const owner = await customerWith(ctx, admin.token, '1000');
    const stranger = await customer(ctx);
    const withdrawal = (await withdrawUpi(ctx.app, owner.token, '100')).json().data;
    const bill = (await addFunds(ctx.app, owner.token, paymentType.id, '100')).json().data;
    expect((await cancel(`/withdraw/${withdrawal.id}`, stranger.token)).statusCode).toBe(404);
    expect((await cancel(`/bills/${bill.id}`, stranger.token)).statusCode).toBe(404);
    expect((await cancel('/withdraw/999999', owner.token)).statusCode).toBe(404);

    expect((await cancel(`/withdraw/${withdrawal.id}`, owner.token)).statusCode).toBe(200);
    const balance = await balanceOf(ctx, owner.id);
    const again = await cancel(`/withdraw/${withdrawal.id}`, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_HANDLED', message: 'This has already been cancelled.' });
    expect(await balanceOf(ctx, owner.id)).toBe(balance);

    expect((await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, {}, admin.token)).statusCode).toBe(200);
    const late = await cancel(`/bills/${bill.id}`, owner.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ALREADY_HANDLED');
    expect(await balanceOf(ctx, owner.id)).toBe(balance + 10_000n);

    // A new ID's create request is cancelled with the ID, not on its own.
    const created = (await createFromWallet(ctx.app, owner.token, item.id, '100')).json().data;
    const history = (await get(ctx.app, `/api/user_ids/${created.id}/requests`, owner.token)).json().data.items;
    expect((await cancel(`/requests/${history[0].id}`, owner.token)).json().code).toBe('CONFLICT');
  });

  it('money rule 10: staff get nothing to approve or reject once the customer cancelled (409, told why); the queues drop it, the done lists show it', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '300')).json().data;
    const withdrawal = (await withdrawUpi(ctx.app, user.token, '200')).json().data;
    const newId = (await createFromWallet(ctx.app, user.token, item.id, '100')).json().data;
    for (const path of [`/bills/${bill.id}`, `/withdraw/${withdrawal.id}`, `/user_ids/${newId.id}`]) {
      expect((await cancel(path, user.token)).statusCode).toBe(200);
    }
    const balance = await balanceOf(ctx, user.id);
    const attempts: ApiResponse[] = [
      await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, {}, admin.token),
      await post(ctx.app, `/api/admin/bills/${bill.id}/reject`, {}, admin.token),
      await post(ctx.app, `/api/admin/withdraw/${withdrawal.id}/approve`, {}, admin.token),
      await post(ctx.app, `/api/admin/withdraw/${withdrawal.id}/reject`, {}, admin.token),
      await approveId(ctx.app, admin.token, newId.id, '100'),
      await post(ctx.app, `/api/admin/user_ids/${newId.id}/reject`, {}, admin.token),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ALREADY_HANDLED', message: 'The customer cancelled this before it was handled.' });
    }
    expect(await balanceOf(ctx, user.id)).toBe(balance);

    const queue = (await get(ctx.app, '/api/admin/bills?pending=1&perPage=100', admin.token)).json().data.items as Array<{ id: number }>;
    expect(queue.map((b) => b.id)).not.toContain(bill.id);
    const doneList = (await get(ctx.app, '/api/admin/withdraw?pending=0&perPage=100', admin.token)).json().data.items as Array<{ id: number; status: string }>;
    expect(doneList.find((w) => w.id === withdrawal.id)?.status).toBe('cancelled');
  });
});

/** `rounds` races of a cancel against a staff decision on a fresh item; each must end one way. */
async function race(
  rounds: number,
  setup: () => Promise<{ userId: number; token: string; cancelPath: string; decide: () => Promise<ApiResponse>; held: bigint }>,
  decision: 'approve' | 'reject',
) {
  const winners = { cancel: 0, staff: 0 };
  for (let round = 0; round < rounds; round += 1) {
    const { userId, token, cancelPath, decide, held } = await setup();
    const before = await balanceOf(ctx, userId);
    const calls = [() => cancel(cancelPath, token), decide];
    if (round % 2 === 1) calls.reverse();
    const results = await Promise.all(calls.map((call) => call()));
    const cancelRes = results[round % 2 === 1 ? 1 : 0]!;
    const staffRes = results[round % 2 === 1 ? 0 : 1]!;
    // Exactly one outcome: one 200, the other 409 ALREADY_HANDLED.
    expect([cancelRes.statusCode, staffRes.statusCode].sort()).toEqual([200, 409]);
    const loser = cancelRes.statusCode === 409 ? cancelRes : staffRes;
    expect(loser.json().code).toBe('ALREADY_HANDLED');
    // The hold comes back at most once: on a cancel or a reject, never on an approval.
    const returned = cancelRes.statusCode === 200 || decision === 'reject' ? held : 0n;
    expect(await balanceOf(ctx, userId)).toBe(before + returned);
    winners[cancelRes.statusCode === 200 ? 'cancel' : 'staff'] += 1;
  }
  return winners;
}

describe('money rule 10: a cancel racing a staff decision leaves exactly one outcome', () => {
  const withdrawalRace = async () => {
    const user = await customerWith(ctx, admin.token, '500');
    const w = (await withdrawUpi(ctx.app, user.token, '300')).json().data;
    return { user, w };
  };

  it.each(['approve', 'reject'] as const)('money rule 10: cancel racing %s on a wallet withdrawal — one outcome, hold released at most once', async (decision) => {
    const winners = await race(
      8,
      async () => {
        const { user, w } = await withdrawalRace();
        return {
          userId: user.id,
          token: user.token,
          cancelPath: `/withdraw/${w.id}`,
          decide: () => post(ctx.app, `/api/admin/withdraw/${w.id}/${decision}`, {}, admin.token),
          held: 30_000n,
        };
      },
      decision,
    );
    expect(winners.cancel + winners.staff).toBe(8);
  });

  it.each(['approve', 'reject'] as const)('money rule 10: cancel racing %s on an ID deposit from the wallet — one outcome, hold released at most once', async (decision) => {
    await race(
      6,
      async () => {
        const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
        const request = (await depositFromWallet(ctx.app, user.token, userIdId, '200')).json().data;
        return {
          userId: user.id,
          token: user.token,
          cancelPath: `/requests/${request.id}`,
          decide: () => handle(ctx.app, admin.token, request.id, { action: decision }),
          held: 20_000n,
        };
      },
      decision,
    );
  });

  it.each(['approve', 'reject'] as const)('money rule 10: cancel racing %s on a new ID paid from the wallet — one outcome, hold released at most once', async (decision) => {
    await race(
      6,
      async () => {
        const user = await customerWith(ctx, admin.token, '1000');
        const created = (await createFromWallet(ctx.app, user.token, item.id, '400')).json().data;
        return {
          userId: user.id,
          token: user.token,
          cancelPath: `/user_ids/${created.id}`,
          decide: () =>
            decision === 'approve'
              ? approveId(ctx.app, admin.token, created.id, '400')
              : post(ctx.app, `/api/admin/user_ids/${created.id}/reject`, {}, admin.token),
          held: 40_000n,
        };
      },
      decision,
    );
  });

  it('money rule 10: cancel racing approve on a top-up — credited once or never', async () => {
    for (let round = 0; round < 6; round += 1) {
      const user = await customer(ctx);
      const bill = (await addFunds(ctx.app, user.token, paymentType.id, '150')).json().data;
      const [c, a] = await Promise.all([
        cancel(`/bills/${bill.id}`, user.token),
        post(ctx.app, `/api/admin/bills/${bill.id}/approve`, {}, admin.token),
      ]);
      expect([c.statusCode, a.statusCode].sort()).toEqual([200, 409]);
      expect(await balanceOf(ctx, user.id)).toBe(a.statusCode === 200 ? 15_000n : 0n);
      expect((await ledgerRow('bill', bill.id))!.status).toBe(a.statusCode === 200 ? 'done' : 'cancelled');
    }
  });
});
