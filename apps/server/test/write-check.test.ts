import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionCacheOf } from '../src/caches/session-cache';
import { hashToken } from '../src/lib/tokens';
import { changeFeedSettled } from './helpers/change-feed';
import { customer, customerWith } from './helpers/ids-fixtures';
import { useStaffedApp } from './helpers/staffed-app';
import { createStaffMember, get, post, postKeyed, signIn } from './helpers/test-app';
import { addFunds, balanceOf, deposit, withdrawUpi, withdrawUpiKeyed } from './helpers/wallet-fixtures';

/**
 * Issue 51 finding 4 (decision 041): a call that moves money or decides a queue item checks,
 * in its own transaction, that the session is live, the account not blocked and the staff
 * role allows it, whatever this process's session cache still says. Each case changes the
 * database without announcing it (triggers off, as `session_replication_role = replica` does:
 * the change feed hears nothing), proves the cache still holds the caller, and then the money
 * call is refused and nothing moves. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });

/** A change the caches are not told about (the cache-signal triggers do not fire). */
async function unannounced(statement: SQL): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** Whether this process answers the token's guard from memory. */
const held = (token: string) => sessionCacheOf(ctx.db).caller(hashToken(token), ctx.config.session.idleDays, 'unread') !== undefined;

/** Puts the caller in the session cache: a read, once the feed has delivered what came before. */
async function warm(token: string, path: string): Promise<void> {
  await changeFeedSettled(ctx);
  const res = path.startsWith('/api/admin') ? await get(ctx.app, path, token) : await post(ctx.app, path, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(held(token)).toBe(true);
}

const withdrawalsOf = async (userId: number) =>
  Number(((await ctx.db.execute(sql`select count(*)::int as n from withdrawals where user_id = ${userId}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const billStatus = async (id: number) =>
  ((await ctx.db.execute(sql`select status from bills where id = ${id}`)) as unknown as { rows: { status: string }[] }).rows[0]!.status;

describe('a money call reads the caller in its own transaction, not from memory', () => {
  it('a customer blocked in the database: no withdrawal with or without a key, no top-up', async () => {
    const who = await customerWith(ctx, admin.token, '300');
    await warm(who.token, '/api/user/passport');
    await unannounced(sql`update users set is_blocked = true where id = ${who.id}`);
    expect(held(who.token)).toBe(true);

    for (const res of [
      await withdrawUpi(ctx.app, who.token, '10'),
      await withdrawUpiKeyed(ctx.app, who.token, '10'),
      await addFunds(ctx.app, who.token, paymentType.id, '50.00'),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
    }
    expect(await balanceOf(ctx, who.id)).toBe(30_000n);
    expect(await withdrawalsOf(who.id)).toBe(0);
  });

  it('a session ended in the database (signed out): refused, while another session of the same customer still works', async () => {
    const who = await customer(ctx);
    await deposit(ctx.app, admin.token, who.id, '300');
    const other = await signIn(ctx.app, who.email, who.password);
    await warm(who.token, '/api/user/passport');
    const token = who.token;
    await unannounced(sql`delete from sessions where token_hash = ${hashToken(token)}`);
    expect(held(token)).toBe(true);

    expect((await withdrawUpi(ctx.app, token, '10')).statusCode).toBe(401);
    expect((await withdrawUpiKeyed(ctx.app, token, '10')).statusCode).toBe(401);
    expect(await balanceOf(ctx, who.id)).toBe(30_000n);
    // Control: the call itself is fine from a live session.
    expect((await withdrawUpi(ctx.app, other, '10')).statusCode).toBe(200);
    expect(await balanceOf(ctx, who.id)).toBe(29_000n);
  });

  it('a cashier demoted to support: no approval of a bill or a withdrawal, single or batch, keyed or not', async () => {
    const who = await customerWith(ctx, admin.token, '300');
    const bill = (await addFunds(ctx.app, who.token, paymentType.id, '75.00')).json().data.id as number;
    const payout = (await withdrawUpi(ctx.app, who.token, '20')).json().data.id as number;
    const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    await warm(cashier.token, '/api/admin/bills?pending=1');
    await unannounced(sql`update users set role = 'support' where id = ${cashier.id}`);
    expect(held(cashier.token)).toBe(true);

    const answers = [
      await post(ctx.app, `/api/admin/bills/${bill}/approve`, {}, cashier.token),
      await postKeyed(ctx.app, `/api/admin/bills/${bill}/approve`, {}, cashier.token, randomUUID()),
      await post(ctx.app, '/api/admin/bills/batch', { ids: [bill], action: 'approve' }, cashier.token),
      await post(ctx.app, `/api/admin/withdraw/${payout}/approve`, {}, cashier.token),
      await post(ctx.app, '/api/admin/withdraw/batch', { ids: [payout], action: 'reject' }, cashier.token),
    ];
    for (const res of answers) expect(res.statusCode, res.body).toBe(403);
    expect(await billStatus(bill)).toBe('pending');
    expect(await balanceOf(ctx, who.id)).toBe(28_000n);
    // Control: a cashier still a cashier approves the same bill.
    const still = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    expect((await post(ctx.app, `/api/admin/bills/${bill}/approve`, {}, still.token)).statusCode).toBe(200);
  });

  it('a cashier disabled in the database: no approval, single or batch', async () => {
    const who = await customerWith(ctx, admin.token, '10');
    const bill = (await addFunds(ctx.app, who.token, paymentType.id, '55.00')).json().data.id as number;
    const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    await warm(cashier.token, '/api/admin/bills?pending=1');
    await unannounced(sql`update users set is_blocked = true where id = ${cashier.id}`);
    expect(held(cashier.token)).toBe(true);

    expect((await post(ctx.app, `/api/admin/bills/${bill}/approve`, {}, cashier.token)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/admin/bills/batch', { ids: [bill], action: 'approve' }, cashier.token)).statusCode).toBe(401);
    expect(await billStatus(bill)).toBe('pending');
    expect(await balanceOf(ctx, who.id)).toBe(1_000n);
  });

  it('an owner demoted to cashier: no manual balance change', async () => {
    const who = await customerWith(ctx, admin.token, '10');
    const owner = await createStaffMember(ctx, 'owner', { secondFactor: false });
    await warm(owner.token, '/api/admin/bills?pending=1');
    await unannounced(sql`update users set role = 'cashier' where id = ${owner.id}`);
    expect(held(owner.token)).toBe(true);

    const res = await post(ctx.app, '/api/admin/deposit/create', { user_id: who.id, amount: '500', comment: 'after demotion' }, owner.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(await balanceOf(ctx, who.id)).toBe(1_000n);
  });
});
