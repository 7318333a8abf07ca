import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createStaffMember, get, post, registerUser } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, userIdOf, withdrawUpi } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

const { ctx, admin } = useStaffedApp({ ledgerCheck: true });

describe('admin users', () => {
  it('lists customers 15 a page, newest first, with the balance; searches name, email and phone; filters blocked', async () => {
    const made = [];
    for (let i = 0; i < 17; i += 1) made.push(await registerUser(ctx.app, { name: `Searchable ${i}` }));
    const first = await post(ctx.app, '/api/admin/users', undefined, admin.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    // Customers only (issue 56): the staff member signed in here is on the Staff page, not here.
    expect(page1).toMatchObject({ page: 1, per_page: 15, total: 17, last_page: 2 });
    expect(page1.items[0]).toMatchObject({ name: 'Searchable 16', balance: '0.00', is_blocked: false });
    expect(page1.items[0]).not.toHaveProperty('password_hash');
    const page2 = (await post(ctx.app, '/api/admin/users?page=2&perPage=15', {}, admin.token)).json().data;
    expect(page2.items).toHaveLength(2);
    expect([...page1.items, ...page2.items].every((u: { type: string }) => u.type === 'user')).toBe(true);
    expect((await post(ctx.app, '/api/admin/users', { search: admin.email }, admin.token)).json().data.total).toBe(0);

    const target = made[3]!;
    const byName = (await post(ctx.app, '/api/admin/users', { search: 'searchable 3' }, admin.token)).json().data;
    expect(byName.items.map((u: { email: string }) => u.email)).toEqual([target.email]);
    const byEmail = (await post(ctx.app, '/api/admin/users', { search: target.email.toUpperCase() }, admin.token)).json().data;
    expect(byEmail.total).toBe(1);
    const spacedPhone = `${target.phone.slice(0, 6)} ${target.phone.slice(6)}`;
    expect((await post(ctx.app, '/api/admin/users', { search: spacedPhone }, admin.token)).json().data.total).toBe(1);
    expect((await post(ctx.app, '/api/admin/users', { search: '%' }, admin.token)).json().data.total).toBe(0);

    const targetId = await userIdOf(ctx, target.email);
    await get(ctx.app, `/api/admin/users/${targetId}/block`, admin.token);
    const blocked = (await post(ctx.app, '/api/admin/users', { blocked: true }, admin.token)).json().data;
    expect(blocked.items.map((u: { id: number }) => u.id)).toEqual([targetId]);
    expect((await post(ctx.app, '/api/admin/users', { blocked: false }, admin.token)).json().data.total).toBe(16);
    expect((await post(ctx.app, '/api/admin/users', { blocked: null, search: '' }, admin.token)).json().data.total).toBe(17);
  });

  it('the detail shows balance, holds, pending credits and counts; its transactions filter by pending', async () => {
    const user = await registerUser(ctx.app);
    const id = await userIdOf(ctx, user.email);
    const paymentType = await createUpiPaymentType(ctx.app, admin.token);
    await deposit(ctx.app, admin.token, id, '300');
    await withdrawUpi(ctx.app, user.token, '120.50');
    await addFunds(ctx.app, user.token, paymentType.id, '75');

    const detail = await get(ctx.app, `/api/admin/users/${id}`, admin.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      id,
      balance: '179.50',
      held: '120.50',
      pending_credit: '75.00',
      pending_bills: 1,
      pending_withdrawals: 1,
      transactions_count: 3,
    });

    const pending = (await get(ctx.app, `/api/admin/users/${id}/transactions?pending=1`, admin.token)).json().data;
    expect(pending.items.map((t: { amount: string }) => t.amount)).toEqual(['75.00', '-120.50']);
    const done = (await get(ctx.app, `/api/admin/users/${id}/transactions?pending=0`, admin.token)).json().data;
    expect(done.items.map((t: { amount: string }) => t.amount)).toEqual(['300.00']);
    const all = (await get(ctx.app, `/api/admin/users/${id}/transactions`, admin.token)).json().data;
    expect(all.total).toBe(3);

    expect((await get(ctx.app, '/api/admin/users/999999', admin.token)).statusCode).toBe(404);
    expect((await get(ctx.app, '/api/admin/users/999999/transactions', admin.token)).statusCode).toBe(404);
    expect((await get(ctx.app, '/api/admin/users/999999/block', admin.token)).statusCode).toBe(404);
  });

  it('blocking is audited, idempotent, and ends every session of the user at once', async () => {
    const user = await registerUser(ctx.app);
    const second = await post(ctx.app, '/api/auth/login', { login: user.email, password: user.password });
    const otherToken = second.json().data.api_token as string;
    const id = await userIdOf(ctx, user.email);

    for (let i = 0; i < 2; i += 1) {
      const res = await get(ctx.app, `/api/admin/users/${id}/block`, admin.token);
      expect(res.statusCode).toBe(200);
    }
    for (const token of [user.token, otherToken]) {
      expect((await post(ctx.app, '/api/user/passport', undefined, token)).statusCode).toBe(401);
    }
    const unblocked = await get(ctx.app, `/api/admin/users/${id}/unblock`, admin.token);
    expect(unblocked.json()).toMatchObject({ message: 'The user has been unblocked.', data: { is_blocked: false } });
    // Blocking ended the sessions for good (issue 15 finding 3): unblocking brings none back.
    expect((await post(ctx.app, '/api/user/passport', undefined, otherToken)).statusCode).toBe(401);

    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'user'), eq(auditLog.objectId, String(id))));
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.block', { is_blocked: false }, { is_blocked: true }],
      ['user.block', { is_blocked: true }, { is_blocked: true }],
      ['user.unblock', { is_blocked: true }, { is_blocked: false }],
    ]);
  });

  it('issue 51 finding 5: support cannot bring back a cashier or an owner an owner disabled', async () => {
    const owner = await createStaffMember(ctx, 'owner', { secondFactor: false });
    const support = await createStaffMember(ctx, 'support', { secondFactor: false });
    for (const role of ['cashier', 'owner'] as const) {
      const member = await createStaffMember(ctx, role, { secondFactor: false });
      const disabled = await post(ctx.app, `/api/admin/staff/${member.id}/disable`, undefined, owner.token);
      expect(disabled.json().data.is_disabled, role).toBe(true);

      for (const action of ['unblock', 'block']) {
        const res = await get(ctx.app, `/api/admin/users/${member.id}/${action}`, support.token);
        expect(res.statusCode, `${action} ${role}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'STAFF_ACCOUNT', data: null, message: expect.stringContaining('/admin/staff') });
      }
      // Still disabled: the password does not sign in, and nothing was audited as a user block.
      const login = await post(ctx.app, '/api/auth/login', { login: member.email, password: member.password });
      expect(login.statusCode, role).toBe(422);
      const audits = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.objectId, String(member.id)));
      expect(audits.map((a) => a.action)).toEqual(['staff.disable']);
    }
  });
});
