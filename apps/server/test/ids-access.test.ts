import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idRequests, transactions, userIds } from '../src/db/schema';
import { setBlocked } from '../src/modules/users/service';
import { get, post } from './helpers/test-app';
import { changeFeedSettled } from './helpers/change-feed';
import { activeId, approveId, createFromWallet, customer, customerWith, depositFromWallet, handle } from './helpers/ids-fixtures';
import { balanceOf, postForm } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

const { ctx, admin, item } = useStaffedApp({ item: { min_deposit: '100' }, ledgerCheck: true });

/** The four requests a customer can make on an ID. */
const requestCalls = (token: string, id: number) => [
  () => depositFromWallet(ctx.app, token, id, '150'),
  () => post(ctx.app, `/api/user_ids/${id}/withdraw`, { amount: '50' }, token),
  () => post(ctx.app, `/api/user_ids/${id}/close`, undefined, token),
  () => post(ctx.app, `/api/user_ids/${id}/change_password`, { password: 'wish-123' }, token),
];

async function expectRefusedAsNotActive(token: string, id: number, status: string) {
  for (const call of requestCalls(token, id)) {
    const res = await call();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('ID_NOT_ACTIVE');
    expect(res.json().message).toContain(`status: ${status}`);
  }
  // Nothing but the create request exists for it, and no request moved money.
  expect(await ctx.db.$count(idRequests, eq(idRequests.userIdId, id))).toBe(1);
}

describe('requests need an active ID', () => {
  it('a request on a pending ID is refused with a clear message', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const created = (await createFromWallet(ctx.app, user.token, item.id, '200')).json().data;
    await expectRefusedAsNotActive(user.token, created.id, 'pending');
    const res = await depositFromWallet(ctx.app, user.token, created.id, '150');
    expect(res.json().message).toBe('This ID is still waiting for approval (status: pending). Requests can be made once it is active.');
    expect(await balanceOf(ctx, user.id)).toBe(80000n);
  });

  it('a request on a rejected ID is refused with a clear message', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const created = (await createFromWallet(ctx.app, user.token, item.id, '200')).json().data;
    await post(ctx.app, `/api/admin/user_ids/${created.id}/reject`, undefined, admin.token);
    await expectRefusedAsNotActive(user.token, created.id, 'rejected');
    expect(await balanceOf(ctx, user.id)).toBe(100000n);
  });

  it('a closed ID takes no new requests', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const close = (await post(ctx.app, `/api/user_ids/${userIdId}/close`, undefined, user.token)).json().data;
    await handle(ctx.app, admin.token, close.id, { action: 'approve', amount: '0' });
    const before = await ctx.db.$count(idRequests, eq(idRequests.userIdId, userIdId));
    for (const call of requestCalls(user.token, userIdId)) {
      const res = await call();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ID_NOT_ACTIVE', message: 'This ID is closed (status: closed), so it takes no new requests.' });
    }
    expect(await ctx.db.$count(idRequests, eq(idRequests.userIdId, userIdId))).toBe(before);
    expect(await balanceOf(ctx, user.id)).toBe(50000n);
  });

  it('a deposit still waiting when its ID closes can only be rejected, which returns the hold', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const dep = (await depositFromWallet(ctx.app, user.token, userIdId, '200')).json().data;
    const close = (await post(ctx.app, `/api/user_ids/${userIdId}/close`, undefined, user.token)).json().data;
    await handle(ctx.app, admin.token, close.id, { action: 'approve', amount: '500' });
    expect(await balanceOf(ctx, user.id)).toBe(80000n);

    const approve = await handle(ctx.app, admin.token, dep.id, { action: 'approve' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('ID_NOT_ACTIVE');
    expect((await get(ctx.app, `/api/admin/requests/${dep.id}`, admin.token)).json().data.status).toBe('pending');
    expect((await handle(ctx.app, admin.token, dep.id, { action: 'reject' })).statusCode).toBe(200);
    expect(await balanceOf(ctx, user.id)).toBe(100000n);
  });

  it('10 simultaneous close requests on one ID leave exactly one waiting', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '500');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(ctx.app, `/api/user_ids/${userIdId}/close`, undefined, user.token)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // Money rule 9: the later ones meet the waiting close (id-state-rules.test.ts).
    expect(results.filter((r) => r.statusCode === 409 && r.json().code === 'ID_CLOSING')).toHaveLength(9);
  });
});

describe("another user's ID", () => {
  it('is 404 for reading, its requests, and every request call; their lists stay empty', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const stranger = await customerWith(ctx, admin.token, '1000');
    await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '10' }, user.token);

    expect((await get(ctx.app, `/api/user_ids/${userIdId}`, stranger.token)).statusCode).toBe(404);
    expect((await get(ctx.app, `/api/user_ids/${userIdId}/requests`, stranger.token)).statusCode).toBe(404);
    for (const call of requestCalls(stranger.token, userIdId)) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
    expect((await get(ctx.app, '/api/requests', stranger.token)).json().data.total).toBe(0);
    expect(await balanceOf(ctx, stranger.id)).toBe(100000n);

    // The owner sees the create and the withdraw in their lists.
    const own = (await get(ctx.app, '/api/requests', user.token)).json().data;
    expect(own.items.map((r: { type: string }) => r.type)).toEqual(['withdraw', 'create']);
    expect(own.items[0].user).toBeUndefined();
  });
});

describe('who may call', () => {
  it('guests get 401, blocked users 401, customers 403 on admin calls', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const req = (await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '10' }, user.token)).json().data;

    const userCalls: [string, string][] = [
      ['POST', `/api/ids/${item.id}/create`],
      ['GET', '/api/user_ids'],
      ['GET', `/api/user_ids/${userIdId}`],
      ['POST', `/api/user_ids/${userIdId}/deposit`],
      ['POST', `/api/user_ids/${userIdId}/withdraw`],
      ['POST', `/api/user_ids/${userIdId}/close`],
      ['POST', `/api/user_ids/${userIdId}/change_password`],
      ['GET', `/api/user_ids/${userIdId}/requests`],
      ['GET', '/api/requests'],
    ];
    const adminCalls: [string, string][] = [
      ['GET', '/api/admin/ids'],
      ['GET', `/api/admin/ids/${item.id}`],
      ['POST', '/api/admin/ids/create'],
      ['POST', `/api/admin/ids/${item.id}/edit`],
      ['POST', `/api/admin/ids/${item.id}/delete`],
      ['GET', '/api/admin/user_ids?pending=1'],
      ['GET', `/api/admin/user_ids/${userIdId}`],
      ['POST', `/api/admin/user_ids/${userIdId}/approve`],
      ['POST', `/api/admin/user_ids/${userIdId}/reject`],
      ['GET', '/api/admin/requests?pending=1'],
      ['GET', `/api/admin/requests/${req.id}`],
      ['POST', `/api/admin/requests/${req.id}/handle`],
    ];
    const call = (method: string, url: string, token?: string) =>
      method === 'GET' ? get(ctx.app, url, token) : post(ctx.app, url, {}, token);

    for (const [method, url] of [...userCalls, ...adminCalls]) {
      expect((await call(method, url)).statusCode, `guest ${url}`).toBe(401);
    }
    for (const [method, url] of adminCalls) {
      const res = await call(method, url, user.token);
      expect(res.statusCode, `customer ${url}`).toBe(403);
    }
    await setBlocked(ctx.db, user.id, true);
    // Blocked straight through the service: its signal comes back through the change feed.
    await changeFeedSettled(ctx);
    for (const [method, url] of userCalls) {
      expect((await call(method, url, user.token)).statusCode, `blocked ${url}`).toBe(401);
    }
    // Nothing above changed anything.
    expect((await get(ctx.app, `/api/admin/requests/${req.id}`, admin.token)).json().data.status).toBe('pending');
    expect((await get(ctx.app, `/api/admin/ids/${item.id}`, admin.token)).json().data.is_active).toBe(true);
  });
});

describe('admin request lists', () => {
  it('the queue holds deposit/withdraw/close/change_password, never create requests', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const w = (await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '10' }, user.token)).json().data;
    const pending = (await get(ctx.app, '/api/admin/requests?pending=1&perPage=100', admin.token)).json().data;
    expect(pending.items.every((r: { type: string; status: string }) => r.type !== 'create' && r.status === 'pending')).toBe(true);
    expect(pending.items.find((r: { id: number }) => r.id === w.id)).toMatchObject({ user: { id: user.id }, id_object: { id: userIdId } });
    await handle(ctx.app, admin.token, w.id, { action: 'reject' });
    const done = (await get(ctx.app, '/api/admin/requests?pending=0&perPage=100', admin.token)).json().data;
    expect(done.items.map((r: { id: number }) => r.id)).toContain(w.id);
    expect(done.items.every((r: { type: string }) => r.type !== 'create')).toBe(true);
  });

  it('the requests done list hides items whose ID status is pending', async () => {
    // The API never files a request on a pending ID, so the state is written directly: a
    // handled request on an ID that is (still, or again) pending must not be in the done list.
    const user = await customer(ctx);
    const adminRow = (await get(ctx.app, '/api/admin/ids', admin.token)).json().data[0];
    const [pendingId] = await ctx.db.insert(userIds).values({ userId: user.id, itemId: adminRow.id, username: 'waiting' }).returning();
    await ctx.db.insert(idRequests).values({ userIdId: pendingId!.id, userId: user.id, type: 'create', amount: 10000n, payFrom: 'payment' });
    const [handled] = await ctx.db
      .insert(idRequests)
      .values({ userIdId: pendingId!.id, userId: user.id, type: 'withdraw', amount: 500n, status: 'rejected' })
      .returning();
    const { user: other, userIdId } = await activeId(ctx, admin.token, item.id, '600');
    const visible = (await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '5' }, other.token)).json().data;
    await handle(ctx.app, admin.token, visible.id, { action: 'reject' });

    const done = (await get(ctx.app, '/api/admin/requests?pending=0&perPage=100', admin.token)).json().data;
    const ids = done.items.map((r: { id: number }) => r.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(handled!.id);
    expect(done.total).toBe(done.items.length);
    // It is still reachable directly and in the customer's own history.
    expect((await get(ctx.app, `/api/admin/requests/${handled!.id}`, admin.token)).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/requests', user.token)).json().data.total).toBe(2);
    expect(await ctx.db.$count(transactions, eq(transactions.userId, user.id))).toBe(0);
  });
});

describe('approve body', () => {
  it('needs amount, login and password (422 naming each), and changes nothing', async () => {
    const user = await customerWith(ctx, admin.token, '500');
    const created = (await createFromWallet(ctx.app, user.token, item.id, '200')).json().data;
    const res = await post(ctx.app, `/api/admin/user_ids/${created.id}/approve`, {}, admin.token);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['amount', 'login', 'password']);
    expect((await get(ctx.app, `/api/user_ids/${created.id}`, user.token)).json().data.status).toBe('pending');
    expect((await approveId(ctx.app, admin.token, created.id, '200')).statusCode).toBe(200);
    const form = await postForm(ctx.app, `/api/user_ids/${created.id}/deposit`, { amount: '50', pay_from: 'wallet' }, [], user.token);
    expect(form.statusCode).toBe(422);
    expect(form.json().errors.amount).toEqual(['The amount must be at least ₹100.00 for this ID.']);
  });
});
