import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idRequests, transactions } from '../src/db/schema';
import { activeId, createItem, depositFromWallet, handle } from './helpers/ids-fixtures';
import { createAdmin, get, post, useTestApp } from './helpers/test-app';
import { balanceOf, expectLedgerConsistent } from './helpers/wallet-fixtures';

/**
 * Money rule 9 (docs/product.md#money-rules; issue 17): while an ID has a pending close, no other request on it
 * is accepted — deposit, withdrawal, password change and a second close are 409 ID_CLOSING and
 * move nothing. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the races below run
 * truly in parallel).
 */
const ctx = useTestApp();

let admin: { token: string };
let itemId: number;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  itemId = (await createItem(ctx.app, admin.token, { min_deposit: '10' })).id;
});
afterEach(async () => {
  await expectLedgerConsistent(ctx);
});

const close = (token: string, id: number) => post(ctx.app, `/api/user_ids/${id}/close`, undefined, token);
const withdraw = (token: string, id: number, amount = '50') => post(ctx.app, `/api/user_ids/${id}/withdraw`, { amount }, token);
const changePassword = (token: string, id: number) => post(ctx.app, `/api/user_ids/${id}/change_password`, {}, token);
const requestsOf = (id: number) => ctx.db.select().from(idRequests).where(eq(idRequests.userIdId, id)).orderBy(idRequests.id);

describe('money rule 9: an ID whose close is waiting takes no other request', () => {
  it('money rule 9: deposit, withdraw, change password and a second close are 409 ID_CLOSING while a close is pending; nothing moves', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, itemId, '2000');
    expect((await close(user.token, userIdId)).statusCode).toBe(200);
    const balance = await balanceOf(ctx, user.id);
    const before = await requestsOf(userIdId);
    const ledgerBefore = await ctx.db.$count(transactions, eq(transactions.userId, user.id));

    for (const res of [
      await depositFromWallet(ctx.app, user.token, userIdId, '100'),
      await withdraw(user.token, userIdId),
      await changePassword(user.token, userIdId),
      await close(user.token, userIdId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ID_CLOSING');
      expect(res.json().message).toMatch(/close this ID is waiting/);
    }
    expect(await requestsOf(userIdId)).toEqual(before);
    expect(await balanceOf(ctx, user.id)).toBe(balance);
    expect(await ctx.db.$count(transactions, eq(transactions.userId, user.id))).toBe(ledgerBefore);

    // The ID says so: its waiting requests include the close (the page pauses its actions).
    const view = (await get(ctx.app, `/api/user_ids/${userIdId}`, user.token)).json().data;
    expect(view.pending_request_types).toEqual(['close']);
  });

  it('money rule 9: once the close is rejected or cancelled, the ID takes requests again', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, itemId, '2000');
    const first = (await close(user.token, userIdId)).json().data;
    expect((await handle(ctx.app, admin.token, first.id, { action: 'reject', comment: 'still in use' })).statusCode).toBe(200);
    expect((await withdraw(user.token, userIdId)).statusCode).toBe(200);

    const second = (await close(user.token, userIdId)).json().data;
    expect((await post(ctx.app, `/api/requests/${second.id}/cancel`, undefined, user.token)).statusCode).toBe(200);
    expect((await depositFromWallet(ctx.app, user.token, userIdId, '100')).statusCode).toBe(200);
  });

  it('money rule 9: a deposit, withdraw and change-password racing a close on the same ID — none lands after the close', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { user, userIdId } = await activeId(ctx, admin.token, itemId, '2000');
      const start = await balanceOf(ctx, user.id);
      const calls = [
        close(user.token, userIdId),
        depositFromWallet(ctx.app, user.token, userIdId, '100'),
        withdraw(user.token, userIdId),
        changePassword(user.token, userIdId),
      ];
      // Vary who starts first, so either side may win the ID's lock.
      if (round % 2 === 1) calls.reverse();
      const results = await Promise.all(calls);
      const closeRes = results[round % 2 === 1 ? 3 : 0]!;
      expect(closeRes.statusCode, closeRes.body).toBe(200);
      const closeId = closeRes.json().data.id as number;

      for (const res of results) {
        expect([200, 409]).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json().code).toBe('ID_CLOSING');
      }
      // Every request that was accepted was filed before the close: none after it.
      const filed = (await requestsOf(userIdId)).filter((r) => r.type !== 'create' && r.type !== 'close');
      const accepted = results.filter((r) => r.statusCode === 200).length - 1;
      expect(filed).toHaveLength(accepted);
      expect(filed.every((r) => r.id < closeId)).toBe(true);
      // A refused deposit held nothing; an accepted one holds exactly its amount.
      const deposited = filed.some((r) => r.type === 'deposit');
      expect(await balanceOf(ctx, user.id)).toBe(start - (deposited ? 10_000n : 0n));
    }
  });
});
