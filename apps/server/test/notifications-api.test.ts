import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_TOP_LIMIT } from '@iddesk/contract';
import { notifications } from '../src/db/schema';
import { insertNotification } from '../src/modules/notifications/repository';
import { createAdmin, get, post, useTestApp } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, withdrawUpi } from './helpers/wallet-fixtures';
import { customer } from './helpers/ids-fixtures';

let admin: { token: string };

const ctx = useTestApp({ DISPLAY_TIME_ZONE: 'Asia/Kolkata' });
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

/** Notifications written straight to the table (raw text), each in its own transaction; returns their ids. */
async function seed(userId: number, count: number, title = 'Hello') {
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    await ctx.db.transaction((tx) =>
      insertNotification(tx, { userId, title: `${title} ${i}`, body: `Body ${i}`, link: null }),
    );
  }
  const res = await get(ctx.app, `/api/notifications?perPage=100`, await tokenOf(userId));
  for (const item of res.json().data.items as { id: number; title: string }[]) {
    if (item.title.startsWith(title)) ids.push(item.id);
  }
  return ids.sort((a, b) => a - b);
}

const tokens = new Map<number, string>();
const tokenOf = async (userId: number) => tokens.get(userId)!;
async function signedIn() {
  const user = await customer(ctx);
  tokens.set(user.id, user.token);
  return user;
}

const top = (token: string | undefined, id: unknown) =>
  post(ctx.app, '/api/notifications/top', { id }, token);

describe('GET /notifications', () => {
  it("lists only the caller's, newest first, 15 a page, with created_at_full and the unread count", async () => {
    const [user, other] = [await signedIn(), await signedIn()];
    await seed(user.id, 17);
    await seed(other.id, 2, 'Other');

    const first = await get(ctx.app, '/api/notifications', user.token);
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page).toMatchObject({ page: 1, per_page: 15, total: 17, last_page: 2, unread: 17 });
    expect(page.items).toHaveLength(15);
    expect(page.items[0]).toMatchObject({
      title: 'Hello 17',
      body: 'Body 17',
      link: null,
      read: false,
    });
    const ids = page.items.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.items[0].created_at_full).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m$/);
    expect(Number.isNaN(Date.parse(page.items[0].created_at))).toBe(false);

    const second = (await get(ctx.app, '/api/notifications?page=2', user.token)).json().data;
    expect(second.items.map((n: { title: string }) => n.title)).toEqual(['Hello 2', 'Hello 1']);
    expect(JSON.stringify([page, second])).not.toContain('Other');
  });

  it('issue 17: writes created_at_full like every screen, in the display time zone', async () => {
    const user = await signedIn();
    await seed(user.id, 1);
    const [row] = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id));
    // 02:36 in Kolkata is 21:06 the day before in UTC: the day and a 12-hour clock both show it.
    await ctx.db.update(notifications).set({ createdAt: new Date('2026-11-23T21:06:00Z') }).where(eq(notifications.id, row!.id));
    const [item] = (await get(ctx.app, '/api/notifications', user.token)).json().data.items;
    expect(item.created_at_full).toBe('24 Nov 2026, 2:36 am');
    const settings = (await get(ctx.app, '/api/settings')).json().data;
    expect(settings.display_time_zone).toBe('Asia/Kolkata');
  });

  it('needs a token', async () => {
    expect((await get(ctx.app, '/api/notifications')).statusCode).toBe(401);
  });
});

describe('POST /notifications/top', () => {
  it('returns only notifications newer than the id, newest first', async () => {
    const user = await signedIn();
    const ids = await seed(user.id, 5);
    const res = await top(user.token, ids[2]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((n: { id: number }) => n.id)).toEqual([ids[4], ids[3]]);
    expect(res.json().data[0]).toMatchObject({
      title: 'Hello 5',
      read: false,
      created_at_full: expect.any(String),
    });
    expect((await top(user.token, ids[4])).json().data).toEqual([]);
    expect((await top(user.token, 0)).json().data).toHaveLength(5);
  });

  it("returns only the caller's, never another user's newer ones", async () => {
    const [user, other] = [await signedIn(), await signedIn()];
    const mine = await seed(user.id, 1);
    await seed(other.id, 3, 'Secret');
    const res = await top(user.token, 0);
    expect(res.json().data.map((n: { id: number }) => n.id)).toEqual(mine);
    expect(res.body).not.toContain('Secret');
  });

  it(`returns at most ${NOTIFICATIONS_TOP_LIMIT}`, async () => {
    const user = await signedIn();
    await seed(user.id, NOTIFICATIONS_TOP_LIMIT + 3);
    const items = (await top(user.token, 0)).json().data;
    expect(items).toHaveLength(NOTIFICATIONS_TOP_LIMIT);
    expect(items[0].title).toBe(`Hello ${NOTIFICATIONS_TOP_LIMIT + 3}`);
  });

  it('answers 401 without a token, with a bad one, after logout, and for a blocked user', async () => {
    const user = await signedIn();
    expect((await top(undefined, 0)).statusCode).toBe(401);
    expect((await top('x'.repeat(43), 0)).statusCode).toBe(401);

    await get(ctx.app, `/api/admin/users/${user.id}/block`, admin.token);
    expect((await top(user.token, 0)).statusCode).toBe(401);
    // Blocking ended the session for good (issue 15 finding 3): unblocking does not revive it.
    await get(ctx.app, `/api/admin/users/${user.id}/unblock`, admin.token);
    expect((await top(user.token, 0)).statusCode).toBe(401);

    const other = await signedIn();
    expect((await top(other.token, 0)).statusCode).toBe(200);
    await post(ctx.app, '/api/auth/logout', undefined, other.token);
    const res = await top(other.token, 0);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'You are not signed in, or your session has ended. Sign in again.', data: null });
  });

  it('validates the id (422), after the token header is checked (401 first)', async () => {
    const user = await signedIn();
    expect((await top(user.token, -1)).statusCode).toBe(422);
    expect((await top(user.token, 'abc')).statusCode).toBe(422);
    expect((await post(ctx.app, '/api/notifications/top', {}, user.token)).statusCode).toBe(422);
    expect((await top(undefined, -1)).statusCode).toBe(401);
  });

  it('keeps the session alive like any other call (last use bumped)', async () => {
    const user = await signedIn();
    expect((await top(user.token, 0)).statusCode).toBe(200);
    expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).statusCode).toBe(200);
  });
});

describe('POST /notifications/seen', () => {
  it("marks the caller's notifications up to the id read, and only those", async () => {
    const [user, other] = [await signedIn(), await signedIn()];
    const ids = await seed(user.id, 4);
    const otherIds = await seed(other.id, 2);
    const res = await post(ctx.app, '/api/notifications/seen', { id: ids[2] }, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unread: 1 });
    const page = (await get(ctx.app, '/api/notifications', user.token)).json().data;
    expect(page.unread).toBe(1);
    expect(page.items.map((n: { read: boolean }) => n.read)).toEqual([false, true, true, true]);
    // Marking with a higher id than any of mine does not touch another user's.
    await post(ctx.app, '/api/notifications/seen', { id: Math.max(...otherIds) }, user.token);
    expect((await get(ctx.app, '/api/notifications', other.token)).json().data.unread).toBe(2);
  });
});

describe('GET /admin/stats', () => {
  it('counts pending bills and withdrawals, and drops them once handled', async () => {
    const paymentType = await createUpiPaymentType(ctx.app, admin.token, 'Stats UPI');
    const stats = async () => {
      const res = await get(ctx.app, '/api/admin/stats', admin.token);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const before = await stats();
    expect(before).toEqual({
      new_ids: expect.any(Number),
      requests: expect.any(Number),
      bills: expect.any(Number),
      withdrawals: expect.any(Number),
      // Issue 55 item 2: who holds which item, as one fingerprint (docs/product.md#claims).
      claims: expect.any(String),
    });
    const user = await signedIn();
    await deposit(ctx.app, admin.token, user.id, '100');
    const bill = (await addFunds(ctx.app, user.token, paymentType.id)).json().data;
    await withdrawUpi(ctx.app, user.token, '10');
    expect(await stats()).toMatchObject({
      bills: before.bills + 1,
      withdrawals: before.withdrawals + 1,
    });
    await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, admin.token);
    expect(await stats()).toMatchObject({
      bills: before.bills,
      withdrawals: before.withdrawals + 1,
    });
  });

  it('is for admins only', async () => {
    const user = await signedIn();
    expect((await get(ctx.app, '/api/admin/stats', user.token)).statusCode).toBe(403);
    expect((await get(ctx.app, '/api/admin/stats')).statusCode).toBe(401);
  });
});
