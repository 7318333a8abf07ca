import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, get, post, registerUser, useTestApp } from './helpers/test-app';
import {
  addFunds,
  createUpiPaymentType,
  deposit,
  expectLedgerConsistent,
  jpegWithExif,
  postForm,
  userIdOf,
  withdrawUpi,
} from './helpers/wallet-fixtures';

let admin: { token: string; id: number };
let owner: { token: string; id: number };
let other: { token: string; id: number };
let bill: { id: number; proof_url: string };
let withdrawal: { id: number };
let paymentTypeId: number;

const ctx = useTestApp();
beforeAll(async () => {
  const a = await createAdmin(ctx);
  admin = { token: a.token, id: await userIdOf(ctx, a.email) };
  const o = await registerUser(ctx.app);
  owner = { token: o.token, id: await userIdOf(ctx, o.email) };
  const x = await registerUser(ctx.app);
  other = { token: x.token, id: await userIdOf(ctx, x.email) };
  paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
  bill = (await addFunds(ctx.app, owner.token, paymentTypeId, '100')).json().data;
  await deposit(ctx.app, admin.token, owner.id, '100');
  withdrawal = (await withdrawUpi(ctx.app, owner.token, '40')).json().data;
});
afterEach(async () => {
  await expectLedgerConsistent(ctx);
});

/** Every admin call of this issue, with a body where it takes one. */
const adminCalls = (): [method: 'GET' | 'POST', url: string, body?: unknown][] => [
  ['GET', '/api/admin/payment_types'],
  ['POST', '/api/admin/payment_types/create', { name: 'X', kind: 'upi', upi_id: 'x@ok' }],
  ['POST', `/api/admin/payment_types/${paymentTypeId}/edit`, { name: 'X', kind: 'upi', upi_id: 'x@ok' }],
  ['POST', `/api/admin/payment_types/${paymentTypeId}/deactivate`],
  ['POST', `/api/admin/payment_types/${paymentTypeId}/activate`],
  ['GET', '/api/admin/bills?pending=1'],
  ['GET', `/api/admin/bills/${bill.id}`],
  ['POST', `/api/admin/bills/${bill.id}/approve`],
  ['POST', `/api/admin/bills/${bill.id}/reject`, { comment: 'x' }],
  ['GET', '/api/admin/withdraw?pending=1'],
  ['GET', `/api/admin/withdraw/${withdrawal.id}`],
  ['POST', `/api/admin/withdraw/${withdrawal.id}/approve`],
  ['POST', `/api/admin/withdraw/${withdrawal.id}/reject`],
  ['POST', '/api/admin/users?page=1', { search: '' }],
  ['GET', `/api/admin/users/${owner.id}`],
  ['GET', `/api/admin/users/${other.id}/block`],
  ['GET', `/api/admin/users/${other.id}/unblock`],
  ['GET', `/api/admin/users/${owner.id}/transactions`],
  ['POST', '/api/admin/deposit/create', { user_id: owner.id, amount: '1', comment: 'x' }],
  ['POST', '/api/admin/withdraw/create', { user_id: owner.id, amount: '1', comment: 'x' }],
];

const call = (method: 'GET' | 'POST', url: string, body: unknown, token?: string) =>
  method === 'GET' ? get(ctx.app, url, token) : post(ctx.app, url, body, token);

describe('who may do what: the wallet', () => {
  it('a user on any admin call gets 403, and nothing changes', async () => {
    for (const [method, url, body] of adminCalls()) {
      const res = await call(method, url, body, owner.token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', data: null });
    }
    const fresh = (await get(ctx.app, `/api/admin/bills/${bill.id}`, admin.token)).json().data;
    expect(fresh.status).toBe('pending');
  });

  it('a guest gets 401 on every wallet call, admin or not', async () => {
    const calls: [('GET' | 'POST'), string, unknown?][] = [
      ...adminCalls(),
      ['POST', '/api/withdraw', { amount: '1', method: 'upi', upi_id: 'a@ok' }],
      ['POST', '/api/add_funds'],
      ['GET', '/api/transactions'],
      ['GET', `/api/bills/${bill.id}`],
      ['GET', `/api/withdraw/${withdrawal.id}`],
      ['GET', bill.proof_url],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'You are not signed in, or your session has ended. Sign in again.', data: null, code: 'UNAUTHENTICATED' });
    }
  });

  it("a user cannot read another user's bill, withdrawal or proof image (404), the owner and admins can", async () => {
    for (const url of [`/api/bills/${bill.id}`, `/api/withdraw/${withdrawal.id}`, bill.proof_url]) {
      const stranger = await get(ctx.app, url, other.token);
      expect(stranger.statusCode, url).toBe(404);
      expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
      expect((await get(ctx.app, url, owner.token)).statusCode, url).toBe(200);
    }
    expect((await get(ctx.app, bill.proof_url, admin.token)).statusCode).toBe(200);
    // Unknown ids answer exactly like someone else's.
    expect((await get(ctx.app, '/api/bills/999999', other.token)).json()).toEqual(
      (await get(ctx.app, `/api/bills/${bill.id}`, other.token)).json(),
    );
  });

  it("a user's transactions list shows only their own rows", async () => {
    const mine = (await get(ctx.app, '/api/transactions', owner.token)).json().data;
    expect(mine.total).toBe(3); // pending credit, deposit, hold
    const theirs = (await get(ctx.app, '/api/transactions', other.token)).json().data;
    expect(theirs).toEqual({ items: [], page: 1, per_page: 15, total: 0, last_page: 1 });
  });

  it("a payout screenshot belongs to the customer: they and admins can fetch it, other users get 404", async () => {
    await deposit(ctx.app, admin.token, owner.id, '10');
    const w = (await withdrawUpi(ctx.app, owner.token, '10')).json().data;
    const approved = await postForm(
      ctx.app,
      `/api/admin/withdraw/${w.id}/approve`,
      { reference: 'PAYOUT-1' },
      [{ field: 'proof', data: await jpegWithExif(), filename: 'payout.jpg', type: 'image/jpeg' }],
      admin.token,
    );
    expect(approved.statusCode).toBe(200);
    const url = approved.json().data.payout_proof_url as string;
    expect(url).toMatch(/^\/api\/files\/proofs\/[0-9a-f]{32}\.jpg$/);
    expect((await get(ctx.app, url, owner.token)).statusCode).toBe(200);
    expect((await get(ctx.app, url, admin.token)).statusCode).toBe(200);
    expect((await get(ctx.app, url, other.token)).statusCode).toBe(404);
  });

  it("a blocked user's token gets 401 on every wallet call", async () => {
    const victim = await registerUser(ctx.app);
    const victimId = await userIdOf(ctx, victim.email);
    expect((await get(ctx.app, '/api/transactions', victim.token)).statusCode).toBe(200);

    const blocked = await get(ctx.app, `/api/admin/users/${victimId}/block`, admin.token);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ message: 'The user has been blocked.', data: { is_blocked: true } });

    for (const [method, url, body] of [
      ['GET', '/api/transactions'],
      ['POST', '/api/withdraw', { amount: '1', method: 'upi', upi_id: 'a@ok' }],
      ['POST', '/api/add_funds'],
      ['GET', '/api/payment_types'], // public: still answers, without the token mattering
    ] as const) {
      const res = await call(method, url, body, victim.token);
      expect(res.statusCode, url).toBe(url === '/api/payment_types' ? 200 : 401);
    }

    // Blocking ended the session for good (issue 15 finding 3): unblocking does not revive it.
    await get(ctx.app, `/api/admin/users/${victimId}/unblock`, admin.token);
    expect((await get(ctx.app, '/api/transactions', victim.token)).statusCode).toBe(401);
  });

  it('an admin cannot block or unblock themselves or another staff account (409 STAFF_ACCOUNT)', async () => {
    const staffPage = 'Staff accounts are disabled and enabled only by an owner, on the Staff page (/admin/staff).';
    const self = await get(ctx.app, `/api/admin/users/${admin.id}/block`, admin.token);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'STAFF_ACCOUNT', message: staffPage });

    const second = await createAdmin(ctx);
    const secondId = await userIdOf(ctx, second.email);
    for (const action of ['block', 'unblock']) {
      const res = await get(ctx.app, `/api/admin/users/${secondId}/${action}`, admin.token);
      expect(res.statusCode, action).toBe(409);
      expect(res.json(), action).toMatchObject({ code: 'STAFF_ACCOUNT', message: staffPage });
    }
    expect((await post(ctx.app, '/api/user/passport', undefined, second.token)).statusCode).toBe(200);
  });

  it('admins use the user calls on their own account', async () => {
    await deposit(ctx.app, admin.token, admin.id, '20');
    const res = await withdrawUpi(ctx.app, admin.token, '20');
    expect(res.statusCode).toBe(200);
    expect((await get(ctx.app, '/api/transactions?pending=1', admin.token)).json().data.total).toBe(1);
  });
});
