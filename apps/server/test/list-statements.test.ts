import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeId, createFromWallet, createItem, customerWith, depositFromWallet, handle } from './helpers/ids-fixtures';
import { changeFeedSettled } from './helpers/change-feed';
import { countQueries, type QueryCounter } from './helpers/query-counter';
import { type ApiResponse, get, post, postKeyed } from './helpers/test-app';
import { addFunds, createUpiPaymentType, patternImage, reEncoded, withdrawUpi } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

/**
 * Issue 19 item 5: a customer's lists and every staff list answer from ONE statement per page,
 * the total included (lib/pagination.ts withTotal), once the caller's session is in this
 * process's cache. Counted at the driver, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 * Only a page past the last one, which has no row to carry the total, counts it on its own.
 * The staff lists of payments read the reused-proof tags stored on each row.
 */

let counter: QueryCounter;
let customer: { token: string; id: number };
let userIdId: number;

const { ctx, admin } = useStaffedApp();
beforeAll(async () => {
  const paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
  const item = await createItem(ctx.app, admin.token);
  // An active ID with deposits, a new ID waiting, top-ups and payouts, handled and waiting.
  const active = await activeId(ctx, admin.token, item.id, '5000');
  customer = active.user;
  userIdId = active.userIdId;
  for (const amount of ['100', '200']) {
    const deposited = await depositFromWallet(ctx.app, customer.token, userIdId, amount);
    expect(deposited.statusCode).toBe(200);
    // The first is handled (the done list), the second waits (the queue).
    if (amount === '100') {
      expect((await handle(ctx.app, admin.token, deposited.json().data.id, { action: 'approve' })).statusCode).toBe(200);
    }
  }
  expect((await createFromWallet(ctx.app, customer.token, item.id, '500', 'second_one')).statusCode).toBe(200);
  for (let i = 0; i < 3; i += 1) {
    const bill = await addFunds(ctx.app, customer.token, paymentTypeId, '250.00');
    expect(bill.statusCode).toBe(200);
    if (i === 0) {
      expect((await post(ctx.app, `/api/admin/bills/${bill.json().data.id}/approve`, {}, admin.token)).statusCode).toBe(200);
    }
    expect((await withdrawUpi(ctx.app, customer.token, '10')).statusCode).toBe(200);
  }
  // Someone else's money too, so a list that forgot its filter would show it.
  const other = await customerWith(ctx, admin.token, '300');
  expect((await withdrawUpi(ctx.app, other.token, '20')).statusCode).toBe(200);
  expect((await post(ctx.app, '/api/add_review', { rating: 5, text: 'Quick and friendly.' }, customer.token)).statusCode).toBe(200);
  counter = countQueries(ctx.database);
});

type Call = { name: string; call: (page: number) => Promise<ApiResponse> };

/** `path` is read inside the test, once the fixtures exist; `name` at collection. */
const listCall = (who: () => string, name: string, path: () => string): Call => ({
  name: `GET ${name}`,
  call: (page) => {
    const url = path();
    return get(ctx.app, `${url}${url.includes('?') ? '&' : '?'}page=${page}&perPage=2`, who());
  },
});
const customerGet = (name: string, path = () => name) => listCall(() => customer.token, name, path);
const staffGet = (name: string, path = () => name) => listCall(() => admin.token, name, path);

const lists: Call[] = [
  customerGet('/api/transactions'),
  customerGet('/api/transactions?pending=1'),
  customerGet('/api/notifications'),
  customerGet('/api/requests'),
  customerGet('/api/user_ids/{id}/requests', () => `/api/user_ids/${userIdId}/requests`),
  staffGet('/api/admin/bills?pending=1'),
  staffGet('/api/admin/bills?pending=0'),
  // Filtered: still one statement.
  staffGet('/api/admin/bills?pending=1&reference=UTR&amount_min=1'),
  staffGet('/api/admin/users/{id}/transactions?amount_min=1', () => `/api/admin/users/${customer.id}/transactions?amount_min=1`),
  staffGet('/api/admin/withdraw?pending=1'),
  staffGet('/api/admin/requests?pending=0'),
  staffGet('/api/admin/user_ids?pending=1'),
  staffGet('/api/admin/user_ids?pending=0'),
  staffGet('/api/admin/users/{id}/transactions', () => `/api/admin/users/${customer.id}/transactions`),
  staffGet('/api/admin/audit'),
  staffGet('/api/admin/audit/user_id/{id}', () => `/api/admin/audit/user_id/${userIdId}`),
  staffGet('/api/admin/reviews'),
  {
    name: 'POST /api/admin/users',
    call: (page) => post(ctx.app, `/api/admin/users?page=${page}&perPage=2`, {}, admin.token),
  },
];

describe('one statement per list page, the total included', () => {
  it.each(lists.map((l) => [l.name, l] as const))('%s', async (_name, list) => {
    // The first call may read the session; the lists are what is counted. The setup's own
    // signals must have come back first, or one may empty the session cache mid-count.
    await changeFeedSettled(ctx);
    expect((await list.call(1)).statusCode).toBe(200);
    let first: ApiResponse | undefined;
    const { count, statements } = await counter.measure(async () => {
      first = await list.call(1);
    });
    expect(first!.statusCode, first!.body).toBe(200);
    const page = first!.json().data as { items: unknown[]; total: number; last_page: number };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    expect(count, statements.join('\n---\n')).toBe(1);
    expect(statements[0]).toMatch(/count\(\*\)/i);
    // No per-row look-alike lookups: the reused-proof tags are read from the row (migration 0016).
    expect(statements[0]).not.toMatch(/upload_lookalikes/i);

    // Page by page, the totals agree and the rows add up to them.
    const seen = new Set(page.items.map((item) => JSON.stringify(item)));
    for (let n = 2; n <= page.last_page; n += 1) {
      const next = (await list.call(n)).json().data as { items: unknown[]; total: number };
      expect(next.total).toBe(page.total);
      for (const item of next.items) seen.add(JSON.stringify(item));
    }
    expect(seen.size).toBe(page.total);
  });

  it('a page past the last counts its total on its own: two statements, the same total', async () => {
    const list = staffGet('/api/admin/bills?pending=1');
    const total = ((await list.call(1)).json().data as { total: number }).total;
    let past: ApiResponse | undefined;
    const { count } = await counter.measure(async () => {
      past = await list.call(99);
    });
    expect(past!.json().data).toMatchObject({ items: [], total, page: 99 });
    expect(count).toBe(2);
  });

  it("another customer's ID answers 404 and shows no request of it", async () => {
    const other = await customerWith(ctx, admin.token, '10');
    const res = await get(ctx.app, `/api/user_ids/${userIdId}/requests`, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeNull();
  });

  it("a customer's transactions: one statement a page, each customer sees only their own", async () => {
    const other = await customerWith(ctx, admin.token, '40');
    expect((await withdrawUpi(ctx.app, other.token, '7')).statusCode).toBe(200);
    const pageOf = (token: string, query: string) => get(ctx.app, `/api/transactions?${query}`, token);
    // Warm both sessions: what is counted is the lists.
    await pageOf(other.token, 'page=1');
    await pageOf(customer.token, 'page=1');
    const calls: [string, string][] = [
      [customer.token, 'page=1&perPage=2'],
      [other.token, 'page=1&perPage=2'],
      [customer.token, 'page=2&perPage=2'],
      [other.token, 'page=1&perPage=15'],
    ];
    const pages: { items: { id: number; amount: string }[]; total: number }[] = [];
    const { statements } = await counter.measure(async () => {
      for (const [token, query] of calls) pages.push((await pageOf(token, query)).json().data);
    });
    // (On PostgreSQL the withdrawal's NOTIFY may drop a cached session on the way: not counted.)
    const pageStatements = statements.filter((text) => /from "transactions"/.test(text));
    expect(pageStatements, statements.join('\n---\n')).toHaveLength(calls.length);
    const [mine, theirs, mineNext, theirsAll] = pages;
    expect(theirsAll!.items.map((t) => t.amount)).toEqual(['-7.00', '40.00']);
    expect(theirs!.total).toBe(2);
    expect(mine!.total).toBeGreaterThan(2);
    expect(mineNext!.total).toBe(mine!.total);
    const theirIds = new Set(theirsAll!.items.map((t) => t.id));
    for (const t of [...mine!.items, ...mineNext!.items]) expect(theirIds.has(t.id)).toBe(false);
    expect(mineNext!.items[0]!.id).toBeLessThan(mine!.items[1]!.id);
    // Another shape (the open rows only) is its own statement, with its own rows.
    const open = (await pageOf(other.token, 'pending=1')).json().data;
    expect(open.items.map((t: { amount: string }) => t.amount)).toEqual(['-7.00']);
  });

  it("a customer's page answers what the staff's filtered page reads", async () => {
    // Credited by staff (no cause id), a payout held (a debit), a top-up waiting (no balance after).
    const who = await customerWith(ctx, admin.token, '300');
    expect((await withdrawUpi(ctx.app, who.token, '20.50')).statusCode).toBe(200);
    const paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
    expect((await addFunds(ctx.app, who.token, paymentTypeId, '75.25')).statusCode).toBe(200);
    // Times with microseconds: the answer writes milliseconds as Date#toISOString does.
    await ctx.db.execute(
      sql`update transactions set created_at = timestamptz '2026-03-04 05:06:07.057999+00' + id * interval '1.000999 seconds' where user_id = ${who.id}`,
    );
    const mine = (await get(ctx.app, '/api/transactions?perPage=15', who.token)).json().data;
    const filtered = (await get(ctx.app, `/api/admin/users/${who.id}/transactions?amount_min=1&perPage=15`, admin.token)).json().data;
    expect(mine.items).toHaveLength(3);
    expect(mine.items).toEqual(filtered.items);
    expect(mine.total).toBe(3);
    expect(mine.items.map((t: { balance_after: string | null }) => t.balance_after)).toEqual([null, '279.50', '300.00']);
    expect(mine.items[2].cause_id).toBeNull();
    for (const t of mine.items) expect(t.created_at).toMatch(/^2026-03-04T05:\d\d:\d\d\.\d{3}Z$/);
  });

  it('a page of 1 KB and more goes out brotli-compressed per call (quality 3), the same JSON', async () => {
    const plain = await get(ctx.app, '/api/transactions?perPage=15', customer.token);
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/api/transactions?perPage=15',
      headers: { authorization: `Bearer ${customer.token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 3);
  });

  it("an unknown user's transactions answer 404 to staff", async () => {
    const res = await get(ctx.app, '/api/admin/users/999999/transactions', admin.token);
    expect(res.statusCode).toBe(404);
  });
});

/** The statements between the call's BEGIN and its COMMIT (PGlite's counter: COMMIT/ROLLBACK). */
function transactionOf(statements: string[]): string[] {
  const begins = statements.filter((s) => /^begin/i.test(s));
  expect(begins, statements.join('\n---\n')).toHaveLength(1);
  const begin = statements.findIndex((s) => /^begin/i.test(s));
  const end = statements.findLastIndex((s) => /^(commit|COMMIT\/ROLLBACK)/i.test(s));
  return statements.slice(begin + 1, end);
}

describe('a money call is one ordinary transaction (decision 034)', () => {
  it('add funds: the limits, payment type and language from memory; the upload, the bill and its pending credit in the transaction', async () => {
    const paymentType = await createUpiPaymentType(ctx.app, admin.token, 'GPay statements');
    const who = await customerWith(ctx, admin.token, '1');
    // The session, the limits and the payment types are in this process's memory from here on
    // (once the new payment type's own signal has come back, or it would empty them again).
    await changeFeedSettled(ctx);
    expect((await addFunds(ctx.app, who.token, paymentType.id, '100.00')).statusCode).toBe(200);
    let sent: ApiResponse | undefined;
    const { statements } = await counter.measure(async () => {
      sent = await addFunds(ctx.app, who.token, paymentType.id, '250.00');
    });
    expect(sent!.statusCode, sent!.body).toBe(200);
    const all = statements.join('\n---\n');
    expect(all).not.toMatch(/from "settings"|from "payment_types"|select "locale" from "users"|savepoint/i);
    const work = transactionOf(statements);
    // (A plain picture has no perceptual hash: no look-alike pairs to write.)
    expect(work.map((s) => s.match(/^insert into "(\w+)"/i)?.[1]), all).toEqual(['uploads', 'bills', 'transactions']);
    // The ledger row's text is in the customer's language, with the payment type's name.
    const wallet = (await get(ctx.app, '/api/transactions', who.token)).json().data;
    const credit = wallet.items.find((t: { amount: string }) => t.amount === '250.00');
    expect(credit.description).toContain('GPay statements');
    expect(sent!.json().data).toMatchObject({ amount: '250.00', status: 'pending' });
  });

  it('add funds: a look-alike proof is paired both ways and the bills flagged', async () => {
    const paymentType = await createUpiPaymentType(ctx.app, admin.token, 'GPay look-alikes');
    const who = await customerWith(ctx, admin.token, '1');
    const original = await patternImage(71);
    const first = (await addFunds(ctx.app, who.token, paymentType.id, '100.00', original)).json().data;
    const sent = await addFunds(ctx.app, who.token, paymentType.id, '120.00', await reEncoded(original));
    expect(sent.statusCode, sent.body).toBe(200);
    const flagged = async (id: number) =>
      (await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.reused_proof.similar_image;
    expect(await flagged(sent.json().data.id)).toEqual([{ type: 'bill', id: first.id }]);
    expect(await flagged(first.id)).toEqual([{ type: 'bill', id: sent.json().data.id }]);
  });

  it('a keyed withdrawal: the claim first, the hold, the withdrawal and its ledger row, the sealed answer last; a retry replays it', async () => {
    const who = await customerWith(ctx, admin.token, '300');
    const send = (key: string) => postKeyed(ctx.app, '/api/withdraw', { amount: '10', method: 'upi', upi_id: 'me@okicici' }, who.token, key);
    expect((await send('warm-up')).statusCode).toBe(200);
    let sent: ApiResponse | undefined;
    const { statements } = await counter.measure(async () => {
      sent = await send('counted');
    });
    expect(sent!.statusCode, sent!.body).toBe(200);
    const work = transactionOf(statements);
    expect(work.map((s) => s.match(/^(insert into|update) "(\w+)"/i)?.slice(1).join(' ')), work.join('\n---\n')).toEqual([
      'insert into idempotency_keys',
      'update users',
      'insert into withdrawals',
      'insert into transactions',
      'update idempotency_keys',
    ]);
    expect(statements.join('\n')).not.toMatch(/savepoint|from "settings"/im);

    // The answer is the withdrawal as read back.
    const withdrawal = sent!.json().data;
    expect(withdrawal).toMatchObject({ amount: '10.00', status: 'pending', user: { id: who.id } });
    expect((await get(ctx.app, `/api/withdraw/${withdrawal.id}`, who.token)).json().data).toEqual(withdrawal);
    const again = await send('counted');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(withdrawal);
    const wallet = (await get(ctx.app, '/api/transactions', who.token)).json().data;
    expect(wallet.items.filter((t: { amount: string }) => t.amount === '-10.00')).toHaveLength(2);
  });

  it('a keyed staff approval of a withdrawal: claim, decision, hold settled, audit, notification, sealed answer, in one transaction', async () => {
    const who = await customerWith(ctx, admin.token, '300');
    const filed = (await withdrawUpi(ctx.app, who.token, '10')).json().data;
    const approve = (id: number, key: string) =>
      postKeyed(ctx.app, `/api/admin/withdraw/${id}/approve`, { reference: `UTR-${id}` }, admin.token, key);
    let sent: ApiResponse | undefined;
    const { statements } = await counter.measure(async () => {
      sent = await approve(filed.id, `approve-${filed.id}`);
    });
    expect(sent!.statusCode, sent!.body).toBe(200);
    const work = transactionOf(statements).join('\n---\n');
    expect(work).toMatch(/^insert into "idempotency_keys"[\s\S]*update "withdrawals"[\s\S]*update "transactions"[\s\S]*insert into "audit_log"[\s\S]*insert into "notifications"[\s\S]*update "idempotency_keys"/i);
    expect(statements.join('\n')).not.toMatch(/savepoint/i);

    const approved = sent!.json().data;
    expect(approved).toMatchObject({
      id: filed.id,
      status: 'approved',
      payout_reference: `UTR-${filed.id}`,
      user: { id: who.id },
      handled_by: { id: expect.any(Number), name: expect.any(String) },
    });
    expect((await get(ctx.app, `/api/admin/withdraw/${filed.id}`, admin.token)).json().data).toEqual(approved);
    const again = await approve(filed.id, `approve-${filed.id}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(approved);
    const other = await approve(filed.id, `approve-again-${filed.id}`);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('ALREADY_HANDLED');
    const wallet = (await get(ctx.app, '/api/transactions', who.token)).json().data;
    expect(wallet.items.filter((t: { amount: string; status: string }) => t.amount === '-10.00' && t.status === 'done')).toHaveLength(1);
  });
});
