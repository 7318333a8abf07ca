import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeId, createFromWallet, createItem, customer, handle } from './helpers/ids-fixtures';
import { textCell } from '../src/lib/csv-export';
import { createAdmin, get, post, useTestApp } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, expectLedgerConsistent, withdrawUpi } from './helpers/wallet-fixtures';

/** Issue 16 items 4–6: the dashboard, the CSV exports and the audit trail. */

let admin: { token: string; name: string };
let paymentTypeId: number;

const ctx = useTestApp({ DISPLAY_TIME_ZONE: 'Asia/Kolkata' });
beforeAll(async () => {
  admin = await createAdmin(ctx);
  paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
});

const dashboard = async () => {
  const res = await get(ctx.app, '/api/admin/dashboard', admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const csvOf = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
  return parse(res.body, { columns: true }) as Record<string, string>[];
};

const minor = (amount: string) => BigInt(amount.replace('.', ''));

describe('dashboard', () => {
  it('counts today’s approvals, new customers and the queues, and moves as staff work', async () => {
    const before = await dashboard();
    const tz = 'Asia/Kolkata';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    expect(before).toMatchObject({ time_zone: tz, today_date: today });
    expect(before.days).toHaveLength(7);
    expect(before.days[6].date).toBe(today);

    const user = await customer(ctx);
    const bill1 = (await addFunds(ctx.app, user.token, paymentTypeId, '100.25')).json().data.id;
    await addFunds(ctx.app, user.token, paymentTypeId, '50.00');
    await deposit(ctx.app, admin.token, user.id, '1000');
    const w = (await withdrawUpi(ctx.app, user.token, '40.10')).json().data.id;
    const item = await createItem(ctx.app, admin.token);
    const created = (await createFromWallet(ctx.app, user.token, item.id, '300')).json().data.id;

    const mid = await dashboard();
    expect(mid.today.new_customers).toBe(before.today.new_customers + 1);
    expect(mid.last_7_days.new_customers).toBe(before.last_7_days.new_customers + 1);
    expect(mid.queues.bills.size).toBe(before.queues.bills.size + 2);
    expect(minor(mid.queues.bills.total) - minor(before.queues.bills.total)).toBe(15025n);
    expect(mid.queues.bills.oldest_seconds).toEqual(expect.any(Number));
    expect(mid.queues.withdrawals.size).toBe(before.queues.withdrawals.size + 1);
    expect(mid.queues.new_ids.size).toBe(before.queues.new_ids.size + 1);

    await post(ctx.app, `/api/admin/bills/${bill1}/approve`, undefined, admin.token);
    await post(ctx.app, `/api/admin/withdraw/${w}/approve`, {}, admin.token);
    await post(ctx.app, `/api/admin/user_ids/${created}/approve`, { amount: '300', login: 'l', password: 'p' }, admin.token);

    const after = await dashboard();
    const delta = (path: (d: typeof after) => { count: number; amount: string }) => ({
      count: path(after).count - path(before).count,
      amount: minor(path(after).amount) - minor(path(before).amount),
    });
    expect(delta((d) => d.today.top_ups)).toEqual({ count: 1, amount: 10025n });
    expect(delta((d) => d.today.payouts)).toEqual({ count: 1, amount: 4010n });
    expect(delta((d) => d.today.id_deposits)).toEqual({ count: 1, amount: 30000n });
    expect(delta((d) => d.last_7_days.top_ups)).toEqual({ count: 1, amount: 10025n });
    expect(after.days[6].top_ups).toEqual(after.today.top_ups);
    expect(after.queues.bills.size).toBe(before.queues.bills.size + 1);
    expect(after.queues.withdrawals.size).toBe(before.queues.withdrawals.size);
  });

  it('staff only', async () => {
    const user = await customer(ctx);
    expect((await get(ctx.app, '/api/admin/dashboard', user.token)).statusCode).toBe(403);
  });
});

describe('CSV export', () => {
  it('a filtered done list of bills: exact decimals, display-time-zone times, handler, formula-safe text', async () => {
    const user = await customer(ctx, { name: '=HYPERLINK("x")' });
    const a = (await addFunds(ctx.app, user.token, paymentTypeId, '1234.50')).json().data;
    const b = (await addFunds(ctx.app, user.token, paymentTypeId, '0.07')).json().data;
    await addFunds(ctx.app, user.token, paymentTypeId, '9.99'); // still pending: not in the done list
    await post(ctx.app, `/api/admin/bills/${a.id}/approve`, undefined, admin.token);
    await post(ctx.app, `/api/admin/bills/${b.id}/reject`, { comment: 'Wrong, "amount"' }, admin.token);

    const rows = await csvOf(`/api/admin/bills/export.csv?pending=0&customer=${encodeURIComponent(user.email)}`);
    expect(rows.map((r) => [r.id, r.amount, r.status])).toEqual([
      [String(b.id), '0.07', 'rejected'],
      [String(a.id), '1234.50', 'approved'],
    ]);
    expect(rows[1]).toMatchObject({ customer: `'=HYPERLINK("x")`, email: user.email, handled_by: admin.name, reference: a.reference });
    // Issue 56: the phone as stored, "+91" and ten digits, without a quote before it.
    expect(rows[1]!.phone).toMatch(/^\+91\d{10}$/);
    expect(rows[0]!.comment).toBe('Wrong, "amount"');
    // created_at in Asia/Kolkata (UTC+5:30), to the second.
    const utc = new Date(a.created_at);
    const local = new Date(utc.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[1]!.created_at).toBe(local);
  });

  it('issue 56: a stored phone is written as it is; every other cell that could start a formula keeps its quote', () => {
    expect(textCell('+919876543210')).toBe('+919876543210');
    expect(textCell('+447700900123')).toBe('+447700900123');
    // Anything beyond "+" and digits may hide a formula: quoted as before.
    expect(textCell('+91 98765 43210')).toBe("'+91 98765 43210");
    expect(textCell('+1+HYPERLINK("x")')).toBe(`'+1+HYPERLINK("x")`);
    expect(textCell('=1+1')).toBe("'=1+1");
    expect(textCell('-2')).toBe("'-2");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('Asha')).toBe('Asha');
  });

  it('more rows than one chunk stream out whole, in order', async () => {
    const user = await customer(ctx);
    for (let i = 0; i < 3; i += 1) await addFunds(ctx.app, user.token, paymentTypeId, `${i + 1}.00`);
    const rows = await csvOf(`/api/admin/bills/export.csv?pending=1&sort=oldest&customer=${encodeURIComponent(user.email)}`);
    expect(rows.map((r) => r.amount)).toEqual(['1.00', '2.00', '3.00']);
  });

  it('withdrawals, requests, new IDs and a user’s transactions export too', async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '500');
    await withdrawUpi(ctx.app, user.token, '12.34');
    const tx = await csvOf(`/api/admin/users/${user.id}/transactions/export.csv`);
    expect(tx.map((r) => [r.kind, r.amount, r.status])).toEqual([
      ['withdrawal', '-12.34', 'pending'],
      ['admin_deposit', '500.00', 'done'],
    ]);
    const filtered = await csvOf(`/api/admin/users/${user.id}/transactions/export.csv?amount_min=100`);
    expect(filtered.map((r) => r.kind)).toEqual(['admin_deposit']);
    const wd = await csvOf(`/api/admin/withdraw/export.csv?pending=1&customer=${encodeURIComponent(user.email)}`);
    expect(wd.map((r) => [r.amount, r.method, r.destination])).toEqual([['12.34', 'upi', 'me@okicici']]);

    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '5.50' }, owner.token);
    const reqs = await csvOf(`/api/admin/requests/export.csv?pending=1&customer=${encodeURIComponent(owner.email)}`);
    expect(reqs.map((r) => [r.type, r.amount])).toEqual([['withdraw', '5.50']]);
    const newIds = await csvOf(`/api/admin/user_ids/export.csv?pending=0&customer=${encodeURIComponent(owner.email)}`);
    expect(newIds.map((r) => [r.id, r.status, r.amount])).toEqual([[String(userIdId), 'active', '500.00']]);
    expect(Object.keys(newIds[0]!)).not.toContain('password');
  });

  it('the transactions list takes the same filters', async () => {
    const user = await customer(ctx);
    await deposit(ctx.app, admin.token, user.id, '300');
    await withdrawUpi(ctx.app, user.token, '20');
    const list = async (q: string) =>
      (await get(ctx.app, `/api/admin/users/${user.id}/transactions?${q}`, admin.token)).json().data.items.map((t: { kind: string }) => t.kind);
    expect(await list('')).toEqual(['withdrawal', 'admin_deposit']);
    expect(await list('sort=oldest')).toEqual(['admin_deposit', 'withdrawal']);
    expect(await list('amount_max=50')).toEqual(['withdrawal']);
    expect(await list('reference=by%20admin')).toEqual(['admin_deposit']);
    expect(await list('pending=1')).toEqual(['withdrawal']);
  });
});

describe('audit trail', () => {
  it('lists staff actions with who, what, object, before/after, IP; filters by actor, action, object and day', async () => {
    const other = await createAdmin(ctx);
    const user = await customer(ctx);
    const bill = (await addFunds(ctx.app, user.token, paymentTypeId, '77.00')).json().data.id;
    await post(ctx.app, `/api/admin/bills/${bill}/approve`, undefined, other.token);
    await get(ctx.app, `/api/admin/users/${user.id}/block`, admin.token);

    const page = async (q: string) => {
      const res = await get(ctx.app, `/api/admin/audit?${q}`, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const billEntries = await page(`object_type=bill&object_id=${bill}`);
    expect(billEntries.items).toEqual([
      {
        id: expect.any(Number),
        actor: { id: expect.any(Number), name: other.name, email: other.email },
        action: 'bill.approve',
        object_type: 'bill',
        object_id: String(bill),
        before: { status: 'pending' },
        after: expect.objectContaining({ status: 'approved', amount: '77.00' }),
        ip: expect.any(String),
        created_at: expect.any(String),
        refs: { users: { [String(user.id)]: user.name } },
      },
    ]);
    const actorId = billEntries.items[0].actor.id;
    expect((await page(`actor_id=${actorId}`)).items.map((e: { action: string }) => e.action)).toEqual(['bill.approve']);
    const blocks = await page(`action=user.block&object_id=${user.id}`);
    expect(blocks.total).toBe(1);
    expect((await page(`action=user.&object_id=${user.id}&object_type=user`)).total).toBe(1);
    const tz = 'Asia/Kolkata';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    expect((await page(`object_type=bill&object_id=${bill}&from=${today}&to=${today}`)).total).toBe(1);
    expect((await page(`object_type=bill&object_id=${bill}&from=2000-01-01&to=2000-01-02`)).total).toBe(0);

    const history = await get(ctx.app, `/api/admin/audit/bill/${bill}`, admin.token);
    expect(history.json().data.items.map((e: { action: string }) => e.action)).toEqual(['bill.approve']);
    const user403 = await get(ctx.app, '/api/admin/audit', user.token);
    expect(user403.statusCode).toBe(401); // blocked above: their token no longer counts
    await expectLedgerConsistent(ctx);
  });

  it('an ID request’s handling is in its history', async () => {
    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const req = (await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '5' }, owner.token)).json().data.id;
    await handle(ctx.app, admin.token, req, { action: 'approve', amount: '5' });
    const history = (await get(ctx.app, `/api/admin/audit/id_request/${req}`, admin.token)).json().data;
    expect(history.items.map((e: { action: string }) => e.action)).toEqual(['id_request.approve']);
    const idHistory = (await get(ctx.app, `/api/admin/audit/user_id/${userIdId}`, admin.token)).json().data;
    expect(idHistory.items.map((e: { action: string }) => e.action)).toEqual(['user_id.approve']);
  });

  it('issue 56: an entry names what its ids stand for, and a customer’s history holds what staff did to their items', async () => {
    const item = await createItem(ctx.app, admin.token, { name: 'Refs Exchange' });
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const { phone } = (await post(ctx.app, '/api/user/passport', undefined, owner.token)).json().data;
    const renamed = await post(ctx.app, '/api/user/update', { name: 'Asha Renamed', email: owner.email, phone }, owner.token);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const bill = (await addFunds(ctx.app, owner.token, paymentTypeId, '55.00')).json().data.id;
    await post(ctx.app, `/api/admin/bills/${bill}/approve`, undefined, admin.token);
    const req = (await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '5' }, owner.token)).json().data.id;
    await handle(ctx.app, admin.token, req, { action: 'approve', amount: '5' });

    const history = async () => {
      const res = await get(ctx.app, `/api/admin/audit/user/${owner.id}`, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as { action: string; object_type: string; object_id: string; after: unknown; refs?: unknown }[];
    };
    const items = await history();
    // The customer's own page lists what staff did to their account and to everything of theirs.
    expect(items.map((e) => e.action)).toEqual(['id_request.approve', 'bill.approve', 'user_id.approve', 'balance.deposit']);
    const byAction = Object.fromEntries(items.map((e) => [e.action, e]));
    // The customer by their name as it is now, the ID by its service and username.
    expect(byAction['bill.approve']!.refs).toEqual({ users: { [String(owner.id)]: 'Asha Renamed' } });
    expect(byAction['id_request.approve']!.refs).toEqual({
      users: { [String(owner.id)]: 'Asha Renamed' },
      user_ids: { [String(userIdId)]: { service: 'Refs Exchange', username: 'player_one' } },
    });
    // The manual deposit's ledger entry by its description and amount.
    const entry = byAction['balance.deposit'] as { after: { transaction_id: number }; refs: unknown };
    expect(entry.refs).toEqual({
      transactions: {
        [String(entry.after.transaction_id)]: { description: expect.stringMatching(/test funds/), amount: '2000.00' },
      },
    });
    // The audit page's object filter reads the same.
    const filtered = (await get(ctx.app, `/api/admin/audit?object_type=user&object_id=${owner.id}`, admin.token)).json().data;
    expect(filtered.total).toBe(4);
    // Another customer's history holds none of it.
    const stranger = await customer(ctx);
    expect((await get(ctx.app, `/api/admin/audit/user/${stranger.id}`, admin.token)).json().data.items).toEqual([]);
  });
});
