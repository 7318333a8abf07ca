import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from './helpers/ids-fixtures';
import { openEventStream } from './helpers/event-stream';
import { useStaffedApp } from './helpers/staffed-app';
import { createStaffMember, createTestApp, get, post } from './helpers/test-app';
import { addFunds, approveBill, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Issue 55 item 1 (decision 042): GET /api/events, a signed-in tab's live events, on a real
 * listening server (EventSource over HTTP, as the browser reads it), fed by the database's
 * change feed on PGlite and on PostgreSQL alike.
 */
const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });
let base = '';
const streams: Array<{ close(): void }> = [];
const open = (...args: Parameters<typeof openEventStream>) => {
  const stream = openEventStream(...args);
  streams.push(stream);
  return stream;
};

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => {
  for (const stream of streams) stream.close();
});

const isQueue = (queue: string, change: string, id: number) => (e: { name: string; data: unknown }) =>
  e.name === 'queue' && JSON.stringify(e.data) === JSON.stringify({ queue, id, change });

describe('GET /api/events', () => {
  it('refuses a guest (401) and a request that does not accept an event stream (400)', async () => {
    const guest = await ctx.app.inject({ method: 'GET', url: '/api/events', headers: { accept: 'text/event-stream' } });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED', data: null });
    const wrong = await get(ctx.app, '/api/events', admin.token);
    expect(wrong.statusCode).toBe(400);

    const stranger = open(base, 'not-a-token-of-anyone-at-all-000');
    await stranger.ended();
    expect(stranger.failure?.code).toBe(401);
  });

  it('staff get a new top-up and its decision; the customer gets the notification and the balance, never a queue event', async () => {
    const staff = open(base, admin.token);
    const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    const cashierStream = open(base, cashier.token);
    const buyer = await customer(ctx);
    const own = open(base, buyer.token);
    for (const s of [staff, cashierStream, own]) await s.next((e) => e.name === 'ready');

    const filed = await addFunds(ctx.app, buyer.token, paymentType.id);
    expect(filed.statusCode, filed.body).toBe(200);
    const billId = filed.json().data.id as number;
    await staff.next(isQueue('bills', 'new', billId));
    await cashierStream.next(isQueue('bills', 'new', billId));

    const approved = await approveBill(ctx.app, admin.token, billId);
    expect(approved.statusCode, approved.body).toBe(200);
    await staff.next(isQueue('bills', 'done', billId));
    await own.next((e) => e.name === 'notification');
    await own.next((e) => e.name === 'balance');

    // The customer's own withdrawal is a staff event too: still none reaches the customer.
    expect((await withdrawUpi(ctx.app, buyer.token, '100')).statusCode).toBe(200);
    await staff.next((e) => e.name === 'queue' && (e.data as { queue: string }).queue === 'withdrawals');
    expect(own.events.filter((e) => e.name === 'queue')).toEqual([]);
    // Nor another customer's notification.
    expect(staff.events.filter((e) => e.name === 'notification')).toEqual([]);
  });

  it('a reconnect with Last-Event-ID gets what it missed; an unknown position gets resync', async () => {
    const buyer = await customer(ctx);
    const first = open(base, admin.token);
    await first.next((e) => e.name === 'ready');
    const position = first.lastEventId!;
    first.close();

    // Filed while no stream of the admin's was open.
    const filed = await addFunds(ctx.app, buyer.token, paymentType.id);
    expect(filed.statusCode, filed.body).toBe(200);
    const billId = filed.json().data.id as number;

    const resumed = open(base, admin.token, { lastEventId: position });
    const missed = await resumed.next(isQueue('bills', 'new', billId));
    const ready = await resumed.next((e) => e.name === 'ready');
    expect(resumed.events.indexOf(missed)).toBeLessThan(resumed.events.indexOf(ready));
    expect(resumed.events.some((e) => e.name === 'resync')).toBe(false);

    const stale = open(base, admin.token, { lastEventId: '00000000.1' });
    await stale.next((e) => e.name === 'resync');
    expect(stale.events.some((e) => e.name === 'queue')).toBe(false);
  });

  it('a session that ends, or a block, closes its stream', async () => {
    const leaving = await customer(ctx);
    const stream = open(base, leaving.token);
    await stream.next((e) => e.name === 'ready');
    expect((await post(ctx.app, '/api/auth/logout', undefined, leaving.token)).statusCode).toBe(200);
    await stream.ended();

    const blocked = await customer(ctx);
    const blockedStream = open(base, blocked.token);
    await blockedStream.next((e) => e.name === 'ready');
    expect((await get(ctx.app, `/api/admin/users/${blocked.id}/block`, admin.token)).statusCode).toBe(200);
    await blockedStream.ended();
  });

  it('a server that closes ends its streams first, so closing does not wait for the tabs', async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.app.server.address() as { port: number };
      const visitor = await customer(other);
      const stream = open(`http://127.0.0.1:${port}`, visitor.token);
      await stream.next((e) => e.name === 'ready');
      await other.app.close();
      await stream.ended();
    } finally {
      await other.database.close();
    }
  });
});
