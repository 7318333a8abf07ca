import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeId, createFromWallet, createItem, customerWith, depositFromWallet, handle } from './helpers/ids-fixtures';
import { changeFeedSettled } from './helpers/change-feed';
import { signalTableChanged } from '../src/db/change-feed';
import { countQueries, type QueryCounter } from './helpers/query-counter';
import { type ApiResponse, get, post, postKeyed } from './helpers/test-app';
import { addFunds, createUpiPaymentType, receiptImage, reEncoded, withdrawUpi } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

/**
 * Issue 19 item 5: a customer's lists and every staff list answer from ONE statement per page,
 * the total included (lib/pagination.ts withTotal), once the caller's session is in this
 * process's cache. Counted at the driver, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 * Only a page past the last one, which has no row to carry the total, counts it on its own.
 * A staff queue's page (pending-items views) is then kept until a table its view reads changes,
 * and its total until its own table does: after another table's change the page is read alone.
 * A customer's own lists count every time.
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

/** `kept`: the table whose change ends the list's kept total (pending-items views, migration 0020). */
type Call = { name: string; call: (page: number) => Promise<ApiResponse>; kept?: string };

/** `path` is read inside the test, once the fixtures exist; `name` at collection. */
const listCall = (who: () => string, name: string, path: () => string, kept?: string): Call => ({
  name: `GET ${name}`,
  kept,
  call: (page) => {
    const url = path();
    return get(ctx.app, `${url}${url.includes('?') ? '&' : '?'}page=${page}&perPage=2`, who());
  },
});
const customerGet = (name: string, path = () => name, kept?: string) => listCall(() => customer.token, name, path, kept);
const staffGet = (name: string, path = () => name, kept?: string) => listCall(() => admin.token, name, path, kept);

const lists: Call[] = [
  customerGet('/api/transactions'),
  customerGet('/api/transactions?pending=1'),
  customerGet('/api/notifications'),
  customerGet('/api/requests'),
  customerGet('/api/user_ids/{id}/requests', () => `/api/user_ids/${userIdId}/requests`),
  staffGet('/api/admin/bills?pending=1', undefined, 'bills'),
  staffGet('/api/admin/bills?pending=0', undefined, 'bills'),
  // Filtered (planned for their values each time, db/plan-cache.ts): still one statement.
  staffGet('/api/admin/bills?pending=1&reference=UTR&amount_min=1'),
  staffGet('/api/admin/users/{id}/transactions?amount_min=1', () => `/api/admin/users/${customer.id}/transactions?amount_min=1`),
  staffGet('/api/admin/withdraw?pending=1', undefined, 'withdrawals'),
  staffGet('/api/admin/requests?pending=0', undefined, 'id_requests'),
  staffGet('/api/admin/user_ids?pending=1', undefined, 'user_ids'),
  staffGet('/api/admin/user_ids?pending=0', undefined, 'user_ids'),
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
    // A queue's total is kept from that read: as if its table changed, it is counted again.
    if (list.kept) signalTableChanged(list.kept);
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
    if (list.kept) {
      // Until a table its view reads changes, the page comes from memory: no statement.
      let again: ApiResponse | undefined;
      const kept = await counter.measure(async () => {
        again = await list.call(1);
      });
      expect(kept.count, kept.statements.join('\n---\n')).toBe(0);
      expect(again!.json().data).toEqual(page);
      // Another table of the view changed (a customer's email): the page is read alone, the
      // total still kept until the list's own table changes.
      signalTableChanged('users');
      const reread = await counter.measure(async () => {
        again = await list.call(1);
      });
      expect(reread.count, reread.statements.join('\n---\n')).toBe(1);
      expect(reread.statements[0]).not.toMatch(/count\(\*\)/i);
      expect(again!.json().data).toEqual(page);
    }

    // Page by page, the totals agree and the rows add up to them.
    // (Each page its own rows: the kept statement takes the page as parameters, issue 19.)
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
    signalTableChanged('bills');
    let past: ApiResponse | undefined;
    const { count } = await counter.measure(async () => {
      past = await list.call(99);
    });
    expect(past!.json().data).toMatchObject({ items: [], total, page: 99 });
    expect(count).toBe(2);
    // Then the page is kept: no statement; after a payment type's change, one without a count.
    const kept = await counter.measure(async () => {
      past = await list.call(99);
    });
    expect(past!.json().data).toMatchObject({ items: [], total, page: 99 });
    expect(kept.count).toBe(0);
    signalTableChanged('payment_types');
    const reread = await counter.measure(async () => {
      past = await list.call(99);
    });
    expect(past!.json().data).toMatchObject({ items: [], total, page: 99 });
    expect(reread.count).toBe(1);
  });

  it("a queue's kept total follows what changes it: a new top-up, a decision, another's cancel", async () => {
    const list = staffGet('/api/admin/bills?pending=1');
    const totalNow = async () => ((await list.call(1)).json().data as { total: number }).total;
    const total = await totalNow();
    expect(await totalNow()).toBe(total);
    const paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token, 'Kept Total Pay')).id;
    const bill = await addFunds(ctx.app, customer.token, paymentTypeId, '75.00');
    expect(bill.statusCode, bill.body).toBe(200);
    expect(await totalNow()).toBe(total + 1);
    const other = await addFunds(ctx.app, customer.token, paymentTypeId, '76.00');
    expect(other.statusCode, other.body).toBe(200);
    expect(await totalNow()).toBe(total + 2);
    expect((await post(ctx.app, `/api/admin/bills/${bill.json().data.id}/reject`, { comment: 'No such payment' }, admin.token)).statusCode).toBe(200);
    expect(await totalNow()).toBe(total + 1);
    expect((await post(ctx.app, `/api/bills/${other.json().data.id}/cancel`, undefined, customer.token)).statusCode).toBe(200);
    expect(await totalNow()).toBe(total);
  });

  it("a queue's kept page shows the customer's new name, email and phone at once", async () => {
    type Party = { id: number; name: string; email: string; phone: string };
    const shown = async (): Promise<Party | undefined> => {
      const res = await get(ctx.app, '/api/admin/bills?pending=1&perPage=50', admin.token);
      expect(res.statusCode).toBe(200);
      return (res.json().data.items as { user: Party }[]).find((bill) => bill.user.id === customer.id)?.user;
    };
    await changeFeedSettled(ctx);
    const before = await shown();
    expect(before).toBeDefined();
    // Kept: the same answer without a statement.
    const kept = await counter.measure(async () => {
      expect(await shown()).toEqual(before);
    });
    expect(kept.count).toBe(0);
    const details = { name: 'Kept Page Renamed', email: `kept.page.${customer.id}@example.com`, phone: '+91 90000 33333' };
    const updated = await post(ctx.app, '/api/user/update', details, customer.token);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await shown()).toEqual({ id: customer.id, name: details.name, email: details.email, phone: '+919000033333' });
  });

  it("a queue's kept answer is sent as the same bytes, compressed once, until its page changes", async () => {
    const paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token, 'Kept Answer Pay')).id;
    for (const amount of ['61.00', '62.00', '63.00']) {
      expect((await addFunds(ctx.app, customer.token, paymentTypeId, amount)).statusCode).toBe(200);
    }
    await changeFeedSettled(ctx);
    const ask = (encoding: string, url = '/api/admin/bills?pending=1&perPage=50') =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const kept = await counter.measure(async () => {
      const br = await ask('br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await ask('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect((await ask('identity')).body).toBe(plain.body);
    });
    expect(kept.count, kept.statements.join('\n---\n')).toBe(0);

    // A new top-up ends the kept page, and its answer with it, compressed or not.
    const bill = await addFunds(ctx.app, customer.token, paymentTypeId, '64.00');
    expect(bill.statusCode, bill.body).toBe(200);
    await changeFeedSettled(ctx);
    const after = JSON.parse(brotliDecompressSync((await ask('br')).rawPayload).toString()).data as { total: number; items: { id: number }[] };
    expect(after.total).toBe((JSON.parse(plain.body).data as { total: number }).total + 1);
    expect(after.items.map((item) => item.id)).toContain(bill.json().data.id);

    // A filtered list is built for each call (compressed by the plugin), as before.
    const filtered = await ask('br', '/api/admin/bills?pending=1&perPage=50&amount_min=63&amount_max=63');
    expect(filtered.statusCode).toBe(200);
    const only = JSON.parse(filtered.rawPayload.length > 0 && filtered.headers['content-encoding'] === 'br' ? brotliDecompressSync(filtered.rawPayload).toString() : filtered.body).data as { items: { amount: string }[] };
    expect(only.items.map((item) => item.amount)).toEqual(['63.00']);
  });

  it('a queue keeps a plan that knows its page: the status and page size are in its text', async () => {
    const list = staffGet('/api/admin/bills?pending=1');
    expect((await list.call(1)).statusCode).toBe(200);
    const { statements } = await counter.measure(async () => {
      expect((await list.call(2)).statusCode).toBe(200);
    });
    const text = statements[0]!;
    // A kept (generic) plan cannot know a value: with `status = $1` and `limit $2` PostgreSQL
    // hash-joined the page's ids against a scan of every bill. Only the offset is a value.
    expect(text.match(/\$\d+/g)).toEqual(['$1']);
    expect(text).toMatch(/"bills"\."status" = 'pending'/);
    expect(text).toMatch(/ limit 2 offset \$1\)/);
  });

  it("another customer's ID answers 404 and shows no request of it", async () => {
    const other = await customerWith(ctx, admin.token, '10');
    const res = await get(ctx.app, `/api/user_ids/${userIdId}/requests`, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().data).toBeNull();
  });

  it("a customer's transactions: one statement text for every customer and page, each sees only their own", async () => {
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
    // Built once (db/prepared.ts preparedStatement): the caller and the window are parameters.
    // (On PostgreSQL the withdrawal's NOTIFY may drop a cached session on the way: not counted.)
    const pageStatements = statements.filter((text) => /from "transactions"/.test(text));
    expect(pageStatements, statements.join('\n---\n')).toHaveLength(calls.length);
    expect(new Set(pageStatements).size).toBe(1);
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

  it("a customer's page, read as text, answers what the staff's filtered page reads through Drizzle", async () => {
    // Credited by staff (no cause id), a payout held (a debit), a top-up waiting (no balance after).
    const who = await customerWith(ctx, admin.token, '300');
    expect((await withdrawUpi(ctx.app, who.token, '20.50')).statusCode).toBe(200);
    const paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
    expect((await addFunds(ctx.app, who.token, paymentTypeId, '75.25')).statusCode).toBe(200);
    // Times with microseconds: the text read writes milliseconds as Date#toISOString does.
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

describe('add funds (issue 19): limits, payment type and language from memory', () => {
  it('checks the reference, then one transaction: the upload and its look-alike search, the bill with its pending credit; no settings, payment type or language read', async () => {
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
    expect(all).not.toMatch(/from "settings"|from "payment_types"|select "locale" from "users"/i);
    // Besides the rate counters (PostgreSQL; in memory on PGlite) and the token check (the
    // warm-up's signals may drop the cached session): the reference's check, then the write.
    const work = statements.filter((s) => !/"rate_limits"|^with "caller" as/.test(s));
    expect(work[0]).toMatch(/from bills b\s+where b\.reference/);
    // The test's screenshot has no lines (a flat picture): nothing to search, its fingerprint
    // row only (a screenshot's search: lookalikes.test.ts and the test below).
    expect(work.slice(1).map((s) => s.slice(0, 33).toLowerCase()), all).toEqual([
      'begin',
      'insert into "uploads" ("key", "vi',
      'with "stored" as (insert into "pr',
      'with "written" as (insert into "b',
      // PGlite's counter names the end "commit/rollback", PostgreSQL's "commit".
      expect.stringMatching(/^commit/),
    ]);
    // The ledger row's text is in the customer's language, with the payment type's name.
    const wallet = (await get(ctx.app, '/api/transactions', who.token)).json().data;
    const credit = wallet.items.find((t: { amount: string }) => t.amount === '250.00');
    expect(credit.description).toContain('GPay statements');
    expect(sent!.json().data).toMatchObject({ amount: '250.00', status: 'pending' });
  });

  it('a copy of an earlier screenshot: found by the search, named on its fingerprint, both bills tagged; no pairs stored', async () => {
    const paymentType = await createUpiPaymentType(ctx.app, admin.token, 'GPay look-alikes');
    const who = await customerWith(ctx, admin.token, '1');
    const original = await receiptImage(71);
    const first = (await addFunds(ctx.app, who.token, paymentType.id, '100.00', original)).json().data;
    await changeFeedSettled(ctx);
    const copy = await reEncoded(original);
    let sent: ApiResponse | undefined;
    const { statements } = await counter.measure(async () => {
      sent = await addFunds(ctx.app, who.token, paymentType.id, '120.00', copy);
    });
    expect(sent!.statusCode, sent!.body).toBe(200);
    // One search of the index, bounded by its probes; nothing written but the proof's own rows.
    expect(statements.filter((s) => /from "proof_keys"/.test(s) && !/^with "stored"/.test(s))).toHaveLength(1);
    expect(statements.join('\n')).not.toMatch(/upload_lookalikes/);
    // The staff see each flagged as like the other: the trigger tagged the earlier bill too.
    const flagged = async (id: number) =>
      (await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.reused_proof.similar_image;
    expect(await flagged(sent!.json().data.id)).toEqual([{ type: 'bill', id: first.id }]);
    expect(await flagged(first.id)).toEqual([{ type: 'bill', id: sent!.json().data.id }]);
  });
});

describe('a keyed withdrawal (issue 19): one statement', () => {
  it('the claim, the hold, the withdrawal and its ledger row in one statement, no transaction; the answer is the stored one', async () => {
    const who = await customerWith(ctx, admin.token, '300');
    const send = (key: string) => postKeyed(ctx.app, '/api/withdraw', { amount: '10', method: 'upi', upi_id: 'me@okicici' }, who.token, key);
    // The session, the money limits, the app key's fingerprint and a batch of withdrawal ids
    // are in this process's memory from here on.
    expect((await send('warm-up')).statusCode).toBe(200);
    let sent: ApiResponse | undefined;
    const { statements } = await counter.measure(async () => {
      sent = await send('counted');
    });
    expect(sent!.statusCode, sent!.body).toBe(200);
    // Besides the rate counters (PostgreSQL; in memory on PGlite) and the token check (on
    // PostgreSQL the warm-up's signals may drop the cached session on the way): one statement.
    const work = statements.filter((s) => !/"rate_limits"|^with "caller" as/.test(s));
    expect(work, work.join('\n---\n')).toHaveLength(1);
    expect(work[0]).toMatch(/insert into "idempotency_keys"[\s\S]*update "users"[\s\S]*insert into "withdrawals"[\s\S]*insert into "transactions"/i);
    expect(statements.join('\n')).not.toMatch(/^begin|savepoint|from "settings"/im);

    // The answer built from what the statements returned is the withdrawal as read back.
    const withdrawal = sent!.json().data;
    expect(withdrawal).toMatchObject({ amount: '10.00', status: 'pending', user: { id: who.id } });
    expect((await get(ctx.app, `/api/withdraw/${withdrawal.id}`, who.token)).json().data).toEqual(withdrawal);
    // A retry replays it and holds nothing more.
    const again = await send('counted');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(withdrawal);
    const wallet = (await get(ctx.app, '/api/transactions', who.token)).json().data;
    expect(wallet.items.filter((t: { amount: string }) => t.amount === '-10.00')).toHaveLength(2);
  });
});

describe('a keyed staff approval of a withdrawal (issue 19): one short transaction', () => {
  it('BEGIN, claim, decision with its hold settled, audit, notification, sealed answer, COMMIT; nothing read back', async () => {
    const who = await customerWith(ctx, admin.token, '300');
    const filed = (await withdrawUpi(ctx.app, who.token, '10')).json().data;
    const approve = (id: number, key: string) =>
      postKeyed(ctx.app, `/api/admin/withdraw/${id}/approve`, { reference: `UTR-${id}` }, admin.token, key);
    // Warm the staff session and the caches with another withdrawal.
    const first = (await withdrawUpi(ctx.app, who.token, '5')).json().data;
    expect((await approve(first.id, `warm-${first.id}`)).statusCode).toBe(200);
    let sent: ApiResponse | undefined;
    const { statements } = await counter.measure(async () => {
      sent = await approve(filed.id, `approve-${filed.id}`);
    });
    expect(sent!.statusCode, sent!.body).toBe(200);
    const begin = statements.findIndex((s) => /^begin/i.test(s));
    const end = statements.findLastIndex((s) => /^(commit|COMMIT\/ROLLBACK)/i.test(s));
    const inTransaction = statements.slice(begin, end + 1);
    // Claim the key, mark the withdrawal (returning its customer, handler and language) and
    // settle the hold by its cause in the same statement, the audit entry, the notification,
    // the sealed answer.
    expect(inTransaction, inTransaction.join('\n---\n')).toHaveLength(7);
    // No look before or after, no savepoint, no ledger row or language looked up on its own.
    expect(statements.join('\n')).not.toMatch(
      /savepoint|from "withdrawals" inner join|select "locale" from "users"|from "transactions" where/i,
    );

    // The answer built from what the statements returned is the withdrawal as staff read it.
    const approved = sent!.json().data;
    expect(approved).toMatchObject({
      id: filed.id,
      status: 'approved',
      payout_reference: `UTR-${filed.id}`,
      user: { id: who.id },
      handled_by: { id: expect.any(Number), name: expect.any(String) },
    });
    expect((await get(ctx.app, `/api/admin/withdraw/${filed.id}`, admin.token)).json().data).toEqual(approved);
    // A retry replays it; another key meets it handled (money rule 6).
    const again = await approve(filed.id, `approve-${filed.id}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(approved);
    const other = await approve(filed.id, `approve-again-${filed.id}`);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('ALREADY_HANDLED');
    // The hold was settled once: its ledger row is done.
    const wallet = (await get(ctx.app, '/api/transactions', who.token)).json().data;
    expect(wallet.items.filter((t: { amount: string; status: string }) => t.amount === '-10.00' && t.status === 'done')).toHaveLength(1);
  });
});
