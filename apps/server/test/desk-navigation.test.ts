import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { activeId, createItem, customer, depositFromWallet } from './helpers/ids-fixtures';
import { get, post } from './helpers/test-app';
import { addFunds, approveBill, balanceOf, deposit, expectLedgerConsistent, nextReference, withdrawUpi } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

/**
 * Issue 16, what the desk's pages need beyond the lists: one customer's items (a user's staff
 * page), the next and previous item of a queue (J/K), and a confirmation kept in the audit
 * trail whenever staff give one.
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true });

const list = async (path: string) => {
  const res = await get(ctx.app, path, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: { id: number }[]; total: number };
};
const idsOf = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

async function billOf(token: string, amount: string, reference = nextReference()) {
  const res = await addFunds(ctx.app, token, paymentType.id, amount, undefined, reference);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('one customer’s items', () => {
  it('user_id narrows bills, withdrawals, new IDs and ID requests to that customer', async () => {
    const one = await customer(ctx);
    const other = await customer(ctx);
    const oneBill = await billOf(one.token, '11');
    await billOf(other.token, '12');
    await deposit(ctx.app, admin.token, one.id, '300');
    await deposit(ctx.app, admin.token, other.id, '300');
    const oneWithdrawal = (await withdrawUpi(ctx.app, one.token, '7')).json().data.id as number;
    await withdrawUpi(ctx.app, other.token, '8');

    expect(idsOf(await list(`/api/admin/bills?user_id=${one.id}`))).toEqual([oneBill]);
    expect(idsOf(await list(`/api/admin/withdraw?pending=1&user_id=${one.id}`))).toEqual([oneWithdrawal]);

    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    await activeId(ctx, admin.token, item.id);
    const request = (await depositFromWallet(ctx.app, owner.token, userIdId, '150')).json().data.id as number;
    expect(idsOf(await list(`/api/admin/user_ids?user_id=${owner.id}`))).toEqual([userIdId]);
    expect(idsOf(await list(`/api/admin/requests?user_id=${owner.id}`))).toEqual([request]);

    const bad = await get(ctx.app, '/api/admin/bills?user_id=abc', admin.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('user_id');
  });
});

describe('the next and previous item of a queue', () => {
  it('after_id with the oldest-first queue gives the next one, before_id with sort=newest the previous one, within the filters', async () => {
    const user = await customer(ctx);
    const [a, b, c] = [await billOf(user.token, '21'), await billOf(user.token, '22'), await billOf(user.token, '23')];
    const mine = `pending=1&user_id=${user.id}&perPage=1`;

    expect(idsOf(await list(`/api/admin/bills?${mine}&after_id=${a}`))).toEqual([b]);
    expect(idsOf(await list(`/api/admin/bills?${mine}&before_id=${c}&sort=newest`))).toEqual([b]);
    expect(idsOf(await list(`/api/admin/bills?${mine}&before_id=${a}&sort=newest`))).toEqual([]);
    // A handled item leaves the queue: the next after a is now c.
    expect((await post(ctx.app, `/api/admin/bills/${b}/reject`, undefined, admin.token)).statusCode).toBe(200);
    expect(idsOf(await list(`/api/admin/bills?${mine}&after_id=${a}`))).toEqual([c]);
    // Filters hold: above 22.50 there is nothing after a but c; above 23.50 nothing at all.
    expect(idsOf(await list(`/api/admin/bills?${mine}&after_id=${a}&amount_min=22.50`))).toEqual([c]);
    expect((await list(`/api/admin/bills?${mine}&after_id=${a}&amount_min=23.50`)).total).toBe(0);
  });
});

describe('a confirmation is audited', () => {
  it('approving a bill flagged only for a UTR pending elsewhere keeps the staff comment in the audit entry; money once', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const utr = nextReference();
    const first = await billOf(one.token, '31', utr);
    await billOf(two.token, '32', utr);

    const flag = (await get(ctx.app, `/api/admin/bills/${first}`, admin.token)).json().data.reused_proof;
    expect(flag).toMatchObject({ flagged: true, reference_approved: false });

    const res = await approveBill(ctx.app, admin.token, first, { confirm_reused: true, comment: 'Checked: the other bill is a duplicate upload' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, one.id)).toBe(3100n);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'bill'), eq(auditLog.objectId, String(first))));
    expect(entry!.after).toMatchObject({
      status: 'approved',
      comment: 'Checked: the other bill is a duplicate upload',
      reused_proof_confirmed: { flags: ['reference_elsewhere'], approved_elsewhere: [] },
    });
    await expectLedgerConsistent(ctx);
  });
});
