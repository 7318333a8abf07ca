import { amountProblemMessage as problemText, DEFAULT_MONEY_LIMITS, type MoneyLimits } from '@iddesk/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bills, idRequests, transactions, userIds, withdrawals } from '../src/db/schema';
import { activeId, createFromWallet, createItem, customer, customerWith, depositFromWallet, handle } from './helpers/ids-fixtures';
import { createStaffMember, get, post } from './helpers/test-app';
import { useStaffedApp } from './helpers/staffed-app';
import { addFunds, balanceOf, deposit, WITH_AND_WITHOUT_KEY, withdrawUpi } from './helpers/wallet-fixtures';
import { localize } from '../src/lib/i18n';

/** The contract's amount message as an English answer carries it (the server's `t` marks it). */
const amountProblemMessage = (problem: Parameters<typeof problemText>[0]) => localize(problemText(problem), 'en');

/**
 * Money rule 8 (docs/product.md#money-rules; issue 17): every amount lies within the limits the owners set per
 * operation, and a customer's wallet withdrawals of one day within the daily payout total;
 * outside them the call is 422 on `amount`, naming the limit, and nothing moves. This file
 * runs on a fresh installation's limits (the other suites open them wide), on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
const { ctx, admin: owner, item, paymentType } = useStaffedApp({
  paymentType: true,
  item: { min_deposit: '100' },
  ledgerCheck: true,
  app: { moneyLimits: 'defaults' },
});

/** Every text setting as the public call answers it, plus the given limits. */
async function setLimits(limits: MoneyLimits) {
  const { money_limits: _current, display_time_zone: _zone, ...text } = (await get(ctx.app, '/api/settings')).json().data;
  const res = await post(ctx.app, '/api/admin/settings', { ...text, money_limits: limits }, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const rowsOf = async (userId: number) => ({
  bills: await ctx.db.$count(bills, eq(bills.userId, userId)),
  withdrawals: await ctx.db.$count(withdrawals, eq(withdrawals.userId, userId)),
  userIds: await ctx.db.$count(userIds, eq(userIds.userId, userId)),
  requests: await ctx.db.$count(idRequests, eq(idRequests.userId, userId)),
  ledger: await ctx.db.$count(transactions, eq(transactions.userId, userId)),
});

/** `GET /withdraw/today` for the caller: 200 and its figures. */
async function today(token: string) {
  const res = await get(ctx.app, '/api/withdraw/today', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function expectAmountError(res: { statusCode: number; json(): { code?: string; errors?: Record<string, string[]> } }, message: string) {
  expect(res.statusCode).toBe(422);
  expect(res.json().code).toBe('VALIDATION');
  expect(res.json().errors?.amount).toEqual([message]);
}

describe('money rule 8: amounts within the owners’ limits', () => {
  it('money rule 8: a fresh installation answers and enforces the documented defaults (add funds ₹100–₹2,00,000)', async () => {
    const settings = await get(ctx.app, '/api/settings');
    expect(settings.json().data.money_limits).toEqual(DEFAULT_MONEY_LIMITS);
    expect(DEFAULT_MONEY_LIMITS.add_funds).toEqual({ min: '100.00', max: '200000.00' });

    const user = await customer(ctx);
    const before = await rowsOf(user.id);
    expectAmountError(await addFunds(ctx.app, user.token, paymentType.id, '99.99'), 'The amount must be at least ₹100.00.');
    // Issue 17's finding: ₹1,00,00,00,00,000.00 went through. Above the ceiling it is "too large"…
    expectAmountError(await addFunds(ctx.app, user.token, paymentType.id, '100000000000'), amountProblemMessage('too_large'));
    // …and anything above the owners' maximum names that maximum.
    expectAmountError(await addFunds(ctx.app, user.token, paymentType.id, '200000.01'), 'The amount may be at most ₹2,00,000.00.');
    expect(await rowsOf(user.id)).toEqual(before);
    expect((await addFunds(ctx.app, user.token, paymentType.id, '200000')).statusCode).toBe(200);
  });

  it('money rule 8: each customer operation is held to its own range, the ends included; outside, 422 and nothing moves', async () => {
    await setLimits({
      add_funds: { min: '200.00', max: '3000.00' },
      withdraw: { min: '150.00', max: '1000.00' },
      id_create: { min: '250.00', max: '4000.00' },
      id_deposit: { min: '300.00', max: '2500.00' },
      id_withdraw: { min: '120.00', max: '900.00' },
      daily_payout: '100000.00',
    });
    const { user, userIdId } = await activeId(ctx, owner.token, item.id, '50000');
    const balance = await balanceOf(ctx, user.id);
    const before = await rowsOf(user.id);

    const refused = [
      [await addFunds(ctx.app, user.token, paymentType.id, '199.99'), 'The amount must be at least ₹200.00.'],
      [await addFunds(ctx.app, user.token, paymentType.id, '3000.01'), 'The amount may be at most ₹3,000.00.'],
      [await withdrawUpi(ctx.app, user.token, '149.99'), 'The amount must be at least ₹150.00.'],
      [await withdrawUpi(ctx.app, user.token, '1000.01'), 'The amount may be at most ₹1,000.00.'],
      [await createFromWallet(ctx.app, user.token, item.id, '249.99'), 'The amount must be at least ₹250.00.'],
      [await createFromWallet(ctx.app, user.token, item.id, '4000.01'), 'The amount may be at most ₹4,000.00.'],
      [await depositFromWallet(ctx.app, user.token, userIdId, '299.99'), 'The amount must be at least ₹300.00.'],
      [await depositFromWallet(ctx.app, user.token, userIdId, '2500.01'), 'The amount may be at most ₹2,500.00.'],
      [await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '119.99' }, user.token), 'The amount must be at least ₹120.00.'],
      [await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '900.01' }, user.token), 'The amount may be at most ₹900.00.'],
    ] as const;
    for (const [res, message] of refused) expectAmountError(res, message);
    expect(await rowsOf(user.id)).toEqual(before);
    expect(await balanceOf(ctx, user.id)).toBe(balance);

    const accepted = [
      await addFunds(ctx.app, user.token, paymentType.id, '200'),
      await addFunds(ctx.app, user.token, paymentType.id, '3000'),
      await withdrawUpi(ctx.app, user.token, '150'),
      await withdrawUpi(ctx.app, user.token, '1000'),
      await createFromWallet(ctx.app, user.token, item.id, '250', 'low_end'),
      await createFromWallet(ctx.app, user.token, item.id, '4000', 'high_end'),
      await depositFromWallet(ctx.app, user.token, userIdId, '300'),
      await depositFromWallet(ctx.app, user.token, userIdId, '2500'),
      await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '120' }, user.token),
    ];
    for (const res of accepted) expect(res.statusCode, res.body).toBe(200);
    // The ID withdrawal's top end, once the first has been handled (one at a time is not a rule, but keep it plain).
    expect((await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '900' }, user.token)).statusCode).toBe(200);
  });

  it('money rule 8: the item’s minimum still applies on top of the owners’ minimum', async () => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS });
    const dear = await createItem(ctx.app, owner.token, { name: 'Dear Book', min_deposit: '1500' });
    const user = await customerWith(ctx, owner.token, '5000');
    expectAmountError(await createFromWallet(ctx.app, user.token, dear.id, '1000'), 'The amount must be at least ₹1,500.00 for this ID.');
    expect((await createFromWallet(ctx.app, user.token, dear.id, '1500')).statusCode).toBe(200);
  });

  it('money rule 8: the daily payout total counts today’s waiting and paid withdrawals, not rejected or cancelled ones', async () => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS, withdraw: { min: '100.00', max: '1000.00' }, daily_payout: '1500.00' });
    const user = await customerWith(ctx, owner.token, '10000');
    const paid = (await withdrawUpi(ctx.app, user.token, '600')).json().data;
    expect((await post(ctx.app, `/api/admin/withdraw/${paid.id}/approve`, {}, owner.token)).statusCode).toBe(200);
    const rejected = (await withdrawUpi(ctx.app, user.token, '900')).json().data;
    expect((await post(ctx.app, `/api/admin/withdraw/${rejected.id}/reject`, {}, owner.token)).statusCode).toBe(200);
    const cancelled = (await withdrawUpi(ctx.app, user.token, '900')).json().data;
    expect((await post(ctx.app, `/api/withdraw/${cancelled.id}/cancel`, undefined, user.token)).statusCode).toBe(200);
    expect((await withdrawUpi(ctx.app, user.token, '500')).statusCode).toBe(200); // waiting: 600 paid + 500 = 1100
    // What the withdrawal form shows before anything is typed: the same total the call checks.
    expect(await today(user.token)).toEqual({ daily_payout: '1500.00', asked_today: '1100.00', left_today: '400.00' });

    const balance = await balanceOf(ctx, user.id);
    const over = await withdrawUpi(ctx.app, user.token, '400.01');
    expectAmountError(over, "That is over today's payout limit of ₹1,500.00: you can withdraw at most ₹400.00 more today.");
    expect(await balanceOf(ctx, user.id)).toBe(balance);
    expect((await withdrawUpi(ctx.app, user.token, '400')).statusCode).toBe(200);
    expectAmountError(
      await withdrawUpi(ctx.app, user.token, '100'),
      "You have reached today's payout limit of ₹1,500.00. You can withdraw again tomorrow.",
    );
    expect(await today(user.token)).toEqual({ daily_payout: '1500.00', asked_today: '1500.00', left_today: '0.00' });
    // Another customer has a day of their own.
    const other = await customerWith(ctx, owner.token, '2000');
    expect(await today(other.token)).toEqual({ daily_payout: '1500.00', asked_today: '0.00', left_today: '1500.00' });
    expect((await withdrawUpi(ctx.app, other.token, '1000')).statusCode).toBe(200);
    // The owners lower the total below what was asked today: nothing is left, never less.
    await setLimits({ ...DEFAULT_MONEY_LIMITS, withdraw: { min: '100.00', max: '1000.00' }, daily_payout: '800.00' });
    expect(await today(other.token)).toEqual({ daily_payout: '800.00', asked_today: '1000.00', left_today: '0.00' });
    // A guest has no day to show.
    expect((await get(ctx.app, '/api/withdraw/today')).statusCode).toBe(401);
  });

  it.each(WITH_AND_WITHOUT_KEY)('money rule 8: a withdrawal both over the daily payout total and short of balance is the 422 naming the limit, and writes nothing ($name)', async ({ withdraw }) => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS, withdraw: { min: '100.00', max: '1000.00' }, daily_payout: '1000.00' });
    const user = await customerWith(ctx, owner.token, '1000');
    expect((await withdraw(ctx.app, user.token, '1000')).statusCode).toBe(200);
    expect(await balanceOf(ctx, user.id)).toBe(0n);
    const before = await rowsOf(user.id);
    expectAmountError(
      await withdraw(ctx.app, user.token, '100'),
      "You have reached today's payout limit of ₹1,000.00. You can withdraw again tomorrow.",
    );
    expect(await rowsOf(user.id)).toEqual(before);
    await setLimits({ ...DEFAULT_MONEY_LIMITS, withdraw: { min: '100.00', max: '1000.00' }, daily_payout: '5000.00' });
    const short = await withdraw(ctx.app, user.token, '100');
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await rowsOf(user.id)).toEqual(before);
    expect(await balanceOf(ctx, user.id)).toBe(0n);
  });

  it.each(WITH_AND_WITHOUT_KEY)('money rule 8: concurrent withdrawals that together exceed the daily payout total — only those within it pass ($name)', async ({ withdraw: send }) => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS, withdraw: { min: '100.00', max: '1000.00' }, daily_payout: '1000.00' });
    const user = await customerWith(ctx, owner.token, '5000');

    const results = await Promise.all(Array.from({ length: 20 }, () => send(ctx.app, user.token, '100')));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.json().errors.amount[0]).toMatch(/today's payout limit of ₹1,000\.00/);

    const waiting = await ctx.db
      .select({ amount: withdrawals.amount })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, user.id), eq(withdrawals.status, 'pending')));
    expect(waiting.reduce((sum, w) => sum + w.amount, 0n)).toBe(100_000n);
    expect(await balanceOf(ctx, user.id)).toBe(400_000n);
  });

  it('money rule 8: staff manual balance changes are not held to the customers’ limits, only to the amount rules', async () => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS });
    const user = await customer(ctx);
    // Above the add-funds maximum and below every minimum: corrections are the owner's call.
    expect((await deposit(ctx.app, owner.token, user.id, '500000')).balance_after).toBe('500000.00');
    const small = await post(ctx.app, '/api/admin/withdraw/create', { user_id: user.id, amount: '0.50', comment: 'fee' }, owner.token);
    expect(small.statusCode, small.body).toBe(200);
    const huge = await post(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount: '100000000.01', comment: 'typo' }, owner.token);
    expectAmountError(huge, amountProblemMessage('too_large'));
  });
});

describe('amount messages say what is wrong (issue 17)', () => {
  it.each([
    ['negative', '-50', amountProblemMessage('negative')],
    ['zero', '0', amountProblemMessage('zero')],
    ['three decimals', '150.123', amountProblemMessage('decimals')],
    ['not a number', 'fifty', amountProblemMessage('not_a_number')],
    ['an exponent', '1e5', amountProblemMessage('not_a_number')],
    ['thirteen digits', '1000000000000', amountProblemMessage('too_large')],
    ['too large a number', 1e20, amountProblemMessage('too_large')],
  ])('%s: customer withdrawal and staff manual deposit alike', async (_case, amount, message) => {
    const user = await customerWith(ctx, owner.token, '1000');
    expectAmountError(await withdrawUpi(ctx.app, user.token, amount), message);
    const manual = await post(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount, comment: 'x' }, owner.token);
    expectAmountError(manual, message);
  });

  it('a missing amount asks for one', async () => {
    const user = await customer(ctx);
    const res = await post(ctx.app, '/api/withdraw', { method: 'upi', upi_id: 'me@okicici' }, user.token);
    expectAmountError(res, amountProblemMessage('missing'));
  });
});

describe('the limits in the site settings', () => {
  it('are the owner’s: cashier and support get 403, a customer 403, and nothing changes', async () => {
    const text = (await get(ctx.app, '/api/settings')).json().data;
    for (const role of ['cashier', 'support'] as const) {
      const staff = await createStaffMember(ctx, role, { secondFactor: false });
      const res = await post(ctx.app, '/api/admin/settings', { ...text, money_limits: { ...text.money_limits, daily_payout: '1.00' } }, staff.token);
      expect(res.statusCode).toBe(403);
    }
    expect((await get(ctx.app, '/api/settings')).json().data.money_limits).toEqual(text.money_limits);
  });

  it('are checked: each maximum at least its minimum, the daily total at least the withdrawal minimum, every amount readable', async () => {
    const { money_limits: _limits, display_time_zone: _zone, ...text } = (await get(ctx.app, '/api/settings')).json().data;
    const res = await post(
      ctx.app,
      '/api/admin/settings',
      {
        ...text,
        money_limits: {
          ...DEFAULT_MONEY_LIMITS,
          add_funds: { min: '500', max: '400' },
          withdraw: { min: '200', max: '1000' },
          daily_payout: '150',
        },
      },
      owner.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'money_limits.add_funds.max': ['The maximum must be at least the minimum.'],
      'money_limits.daily_payout': ['The daily payout total must be at least the withdrawal minimum.'],
    });
    const unreadable = await post(
      ctx.app,
      '/api/admin/settings',
      { ...text, money_limits: { ...DEFAULT_MONEY_LIMITS, id_deposit: { min: '-1', max: '10.001' } } },
      owner.token,
    );
    expect(unreadable.json().errors).toEqual({
      'money_limits.id_deposit.min': [amountProblemMessage('negative')],
      'money_limits.id_deposit.max': [amountProblemMessage('decimals')],
    });
  });

  it('are audited, and the public settings answer (cached with an ETag) changes at once', async () => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS });
    const first = await get(ctx.app, '/api/settings');
    const etag = first.headers.etag as string;
    const same = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);

    const changed = { ...DEFAULT_MONEY_LIMITS, add_funds: { min: '150.00', max: '250000.00' } };
    await setLimits(changed);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.money_limits).toEqual(changed);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(entry!.before).toEqual({ money_limits: DEFAULT_MONEY_LIMITS });
    expect(entry!.after).toEqual({ money_limits: changed });

    const user = await customer(ctx);
    expectAmountError(await addFunds(ctx.app, user.token, paymentType.id, '149'), 'The amount must be at least ₹150.00.');
  });

  it('an ID withdrawal approved by staff is not held to the customers’ limits', async () => {
    await setLimits({ ...DEFAULT_MONEY_LIMITS, id_withdraw: { min: '100.00', max: '200.00' } });
    const { user, userIdId } = await activeId(ctx, owner.token, item.id, '1000');
    const asked = await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '200' }, user.token);
    expect(asked.statusCode).toBe(200);
    // The desk confirms what really arrived, whatever it is.
    const res = await handle(ctx.app, owner.token, asked.json().data.id, { action: 'approve', amount: '250' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
