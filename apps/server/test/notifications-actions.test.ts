import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema';
import { type ApiResponse, get, post } from './helpers/test-app';
import { notificationsCreatedBy, notificationsOfCall } from './helpers/notification-fixtures';
import { addFunds, deposit, withdrawUpi } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';
import { customer } from './helpers/ids-fixtures';

/**
 * Every admin action on a user's object writes exactly one notification, for that user only,
 * in the action's transaction (a refused action writes none).
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });

const created = (action: () => Promise<unknown>) => notificationsCreatedBy(ctx, action);
const createdBy = (call: () => Promise<ApiResponse>) => notificationsOfCall(ctx, call);

describe('one notification per admin action, for the right user', () => {
  it('bill approved', async () => {
    const [user, bystander] = [await customer(ctx), await customer(ctx)];
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '750.00')).json().data;
    await addFunds(ctx.app, bystander.token, paymentType.id, '100.00');
    const rows = await createdBy(() => post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: user.id,
      title: 'Funds added',
      link: '/transactions',
      readAt: null,
    });
    expect(rows[0]!.body).toContain('₹750.00');
    expect(rows[0]!.body).toContain(`bill #${bill.id}`);
  });

  it('bill rejected, with the reason', async () => {
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentType.id, '1200.00')).json().data;
    const rows = await createdBy(() => post(ctx.app, `/api/admin/bills/${bill.id}/reject`, { comment: 'No such UTR' }, admin.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, title: 'Top-up rejected' });
    expect(rows[0]!.body).toContain('₹1,200.00');
    expect(rows[0]!.body).toContain('Reason: No such UTR');
  });

  it('withdrawal approved', async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '500');
    const w = (await withdrawUpi(ctx.app, user.token, '200')).json().data;
    const rows = await createdBy(() => post(ctx.app, `/api/admin/withdraw/${w.id}/approve`, undefined, admin.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, title: 'Withdrawal paid' });
    expect(rows[0]!.body).toContain('₹200.00');
  });

  it('withdrawal rejected', async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '500');
    const w = (await withdrawUpi(ctx.app, user.token, '300')).json().data;
    const rows = await createdBy(() => post(ctx.app, `/api/admin/withdraw/${w.id}/reject`, { comment: 'Wrong UPI' }, admin.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, title: 'Withdrawal rejected' });
    expect(rows[0]!.body).toContain('back in your balance');
  });

  it('manual deposit and manual withdrawal, one each', async () => {
    const user = await customer(ctx);
    const credited = await createdBy(() => post(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount: '99.50', comment: 'Cashback' }, admin.token));
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ userId: user.id, title: 'Balance credited' });
    expect(credited[0]!.body).toBe('Our desk added ₹99.50 to your balance. Note: Cashback');

    const debited = await createdBy(() => post(ctx.app, '/api/admin/withdraw/create', { user_id: user.id, amount: '9.50', comment: 'Fee' }, admin.token));
    expect(debited).toHaveLength(1);
    expect(debited[0]).toMatchObject({ userId: user.id, title: 'Balance debited' });
    expect(debited[0]!.body).toContain('₹9.50');
  });

  it('account unblocked (blocking itself tells nobody: the user cannot read it)', async () => {
    const user = await customer(ctx);
    const blocked = await createdBy(() => get(ctx.app, `/api/admin/users/${user.id}/block`, admin.token));
    expect(blocked).toEqual([]);
    const unblocked = await createdBy(() => get(ctx.app, `/api/admin/users/${user.id}/unblock`, admin.token));
    expect(unblocked).toHaveLength(1);
    expect(unblocked[0]).toMatchObject({
      userId: user.id,
      title: 'Account unblocked',
      link: '/profile',
    });
    // Unblocking an account that is not blocked changes nothing and says nothing.
    const again = await createdBy(() => get(ctx.app, `/api/admin/users/${user.id}/unblock`, admin.token));
    expect(again).toEqual([]);
  });
});

describe('no notification without a committed action', () => {
  it('a second approve of a handled bill (409) writes none', async () => {
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentType.id)).json().data;
    const approved = await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token);
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await created(async () => {
      const res = await post(ctx.app, `/api/admin/bills/${bill.id}/reject`, undefined, admin.token);
      expect(res.statusCode).toBe(409);
    });
    expect(rows).toEqual([]);
  });

  it('a manual withdrawal that would overdraw (409) writes none', async () => {
    const user = await customer(ctx);
    const rows = await created(async () => {
      const res = await post(
        ctx.app,
        '/api/admin/withdraw/create',
        { user_id: user.id, amount: '1', comment: 'x' },
        admin.token,
      );
      expect(res.statusCode).toBe(409);
    });
    expect(rows).toEqual([]);
  });

  it('twenty simultaneous approvals of one bill write exactly one', async () => {
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentType.id)).json().data;
    const rows = await created(async () => {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token),
        ),
      );
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(user.id);
  });

  it("customers' own actions (add funds, withdraw) notify nobody", async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '50');
    const rows = await created(async () => {
      await addFunds(ctx.app, user.token, paymentType.id);
      await withdrawUpi(ctx.app, user.token, '10');
    });
    expect(rows).toEqual([]);
    expect(await ctx.db.$count(notifications, eq(notifications.userId, user.id))).toBe(1);
  });
});
