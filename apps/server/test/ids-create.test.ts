import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, idRequests, transactions, uploads, userIds } from '../src/db/schema';
import { ledgerInvariant } from '../src/modules/ledger/invariant';
import { get, post } from './helpers/test-app';
import { useStaffedApp } from './helpers/staffed-app';
import { approveId, createByPayment, createFromWallet, customer, customerWith, LOGIN, PASSWORD } from './helpers/ids-fixtures';
import { balanceOf } from './helpers/wallet-fixtures';

const { ctx, admin, item, paymentType } = useStaffedApp({ paymentType: true, item: {}, ledgerCheck: true });

const ledgerRows = (userId: number) =>
  ctx.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);

describe('new IDs', () => {
  it('create paid from the wallet holds the amount at once (pending ID, pending id_create row)', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const res = await createFromWallet(ctx.app, user.token, item.id, '600.50', 'lucky.player');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Request sent. We will process it shortly.');
    expect(res.json().data).toMatchObject({
      item: { id: item.id, name: 'Lotus Book' },
      username: 'lucky.player',
      status: 'pending',
      login: null,
      password: null,
      amount: '600.50',
      pay_from: 'wallet',
      payment_type: null,
      proof_url: null,
      confirmed_amount: null,
      pending_request_types: [],
    });
    expect(await balanceOf(ctx, user.id)).toBe(39950n);
    const hold = (await ledgerRows(user.id)).find((r) => r.kind === 'id_create');
    expect(hold).toMatchObject({ amount: -60050n, status: 'pending', causeType: 'user_id', causeId: res.json().data.id });
    expect((await ledgerInvariant(ctx.db, user.id)).ok).toBe(true);
  });

  it('create from the wallet without enough balance is 409 INSUFFICIENT_BALANCE and stores nothing', async () => {
    const user = await customerWith(ctx, admin.token, '100');
    const res = await createFromWallet(ctx.app, user.token, item.id, '100.01');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await ctx.db.$count(userIds, eq(userIds.userId, user.id))).toBe(0);
    expect(await balanceOf(ctx, user.id)).toBe(10000n);
  });

  it('reject refunds a wallet-paid ID: the hold is released and the comment kept', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const created = (await createFromWallet(ctx.app, user.token, item.id, '700')).json().data;
    expect(await balanceOf(ctx, user.id)).toBe(30000n);

    const res = await post(ctx.app, `/api/admin/user_ids/${created.id}/reject`, { comment: 'Username taken' }, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The ID request has been rejected and the amount returned to the wallet.');
    expect(res.json().data).toMatchObject({ status: 'rejected', comment: 'Username taken', login: null, handled_at: expect.any(String) });
    expect(await balanceOf(ctx, user.id)).toBe(100000n);
    expect((await ledgerRows(user.id)).find((r) => r.kind === 'id_create')).toMatchObject({ status: 'rejected' });
    expect((await ledgerInvariant(ctx.db, user.id)).ok).toBe(true);

    const again = await post(ctx.app, `/api/admin/user_ids/${created.id}/approve`, { amount: '700', login: 'x', password: 'y' }, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_HANDLED', message: 'This ID request has already been handled.' });
    expect(await balanceOf(ctx, user.id)).toBe(100000n);
  });

  it('approve settles the hold, records the confirmed amount and shows the credentials to the owner only', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const other = await customer(ctx);
    const created = (await createFromWallet(ctx.app, user.token, item.id, '500')).json().data;

    const res = await approveId(ctx.app, admin.token, created.id, '480.25');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', login: LOGIN, password: PASSWORD, confirmed_amount: '480.25', amount: '500.00' });
    expect(await balanceOf(ctx, user.id)).toBe(50000n);
    expect((await ledgerRows(user.id)).find((r) => r.kind === 'id_create')).toMatchObject({ status: 'done', amount: -50000n });
    expect((await ledgerInvariant(ctx.db, user.id)).ok).toBe(true);

    const mine = await get(ctx.app, `/api/user_ids/${created.id}`, user.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ status: 'active', login: LOGIN, password: PASSWORD });
    expect(mine.json().data.user).toBeUndefined();
    const list = (await get(ctx.app, '/api/user_ids', user.token)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, login: LOGIN, password: PASSWORD });

    const theirs = await get(ctx.app, `/api/user_ids/${created.id}`, other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(LOGIN);
    expect((await get(ctx.app, '/api/user_ids', other.token)).json().data).toEqual([]);
    expect((await get(ctx.app, `/api/user_ids/${created.id}`)).statusCode).toBe(401);

    const asAdmin = (await get(ctx.app, `/api/admin/user_ids/${created.id}`, admin.token)).json().data;
    expect(asAdmin).toMatchObject({ login: LOGIN, password: PASSWORD, user: { id: user.id } });

    // One create request, approved, in the owner's history.
    const history = (await get(ctx.app, `/api/user_ids/${created.id}/requests`, user.token)).json().data;
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ type: 'create', status: 'approved', amount: '500.00', confirmed_amount: '480.25' });

    // The audit entry records the decision, never the credentials.
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'user_id'), eq(auditLog.objectId, String(created.id))));
    expect(audit).toMatchObject({ action: 'user_id.approve', after: { status: 'active', confirmed_amount: '480.25' } });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(LOGIN);
  });

  it('create paid by payment stores the proof privately and moves no wallet money', async () => {
    const user = await customerWith(ctx, admin.token, '300');
    const res = await createByPayment(ctx.app, user.token, item.id, paymentType.id, { amount: '900' });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      status: 'pending',
      pay_from: 'payment',
      amount: '900.00',
      payment_type: { id: paymentType.id },
      reference: expect.stringMatching(/^UTR\d+$/),
      proof_url: expect.stringMatching(/^\/api\/files\/proofs\//),
    });
    expect(await balanceOf(ctx, user.id)).toBe(30000n);
    expect((await ledgerRows(user.id)).filter((r) => r.kind === 'id_create')).toEqual([]);

    // The proof is the customer's: they and admins may fetch it, nobody else.
    expect((await get(ctx.app, created.proof_url, user.token)).statusCode).toBe(200);
    expect((await get(ctx.app, created.proof_url, admin.token)).statusCode).toBe(200);
    expect((await get(ctx.app, created.proof_url, (await customer(ctx)).token)).statusCode).toBe(404);

    const approved = await approveId(ctx.app, admin.token, created.id, '900');
    expect(approved.statusCode).toBe(200);
    expect(await balanceOf(ctx, user.id)).toBe(30000n);
    expect((await ledgerRows(user.id)).filter((r) => r.kind === 'id_create')).toEqual([]);
  });

  it('the new-ID queue lists pending user IDs; handled ones move to pending=0', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const created = (await createFromWallet(ctx.app, user.token, item.id, '200')).json().data;
    const pendingIds = async (pending: string) =>
      ((await get(ctx.app, `/api/admin/user_ids?pending=${pending}&perPage=100`, admin.token)).json().data.items as { id: number }[]).map(
        (i) => i.id,
      );
    expect(await pendingIds('1')).toContain(created.id);
    expect(await pendingIds('0')).not.toContain(created.id);
    await post(ctx.app, `/api/admin/user_ids/${created.id}/reject`, undefined, admin.token);
    expect(await pendingIds('1')).not.toContain(created.id);
    expect(await pendingIds('0')).toContain(created.id);
  });

  it('10 simultaneous approvals of one new ID apply once', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const created = (await createFromWallet(ctx.app, user.token, item.id, '400')).json().data;
    const results = await Promise.all(Array.from({ length: 10 }, () => approveId(ctx.app, admin.token, created.id, '400')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().code === 'ALREADY_HANDLED')).toHaveLength(9);
    expect(await balanceOf(ctx, user.id)).toBe(60000n);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'user_id'), eq(auditLog.objectId, String(created.id))));
    expect(audits).toHaveLength(1);
    const [create] = await ctx.db.select().from(idRequests).where(eq(idRequests.userIdId, created.id));
    expect(create).toMatchObject({ status: 'approved', confirmedAmount: 40000n });
  });

  it('unknown user IDs are 404 for approve and reject; the proof upload count is unchanged by failures', async () => {
    const before = await ctx.db.$count(uploads);
    expect((await approveId(ctx.app, admin.token, 999_999)).statusCode).toBe(404);
    expect((await post(ctx.app, '/api/admin/user_ids/999999/reject', undefined, admin.token)).statusCode).toBe(404);
    expect((await get(ctx.app, '/api/admin/user_ids/999999', admin.token)).statusCode).toBe(404);
    expect(await ctx.db.$count(uploads)).toBe(before);
  });
});
