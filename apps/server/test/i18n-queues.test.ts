import { describe, expect, it } from 'vitest';
import { translateIn } from '../src/lib/i18n';
import { activeId, createItem, handle } from './helpers/ids-fixtures';
import { createAdmin, post, registerUser, useTestApp } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, postForm, userIdOf } from './helpers/wallet-fixtures';

/**
 * Issue 18: the queues (bills, withdrawals, ID requests, new IDs) answer in the call's language —
 * success messages, 409s and field errors alike. Runs on PGlite and, under
 * scripts/with-postgres.mjs, on PostgreSQL.
 */

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const DEVANAGARI = /[\u0900-\u097F]/;

const ctx = useTestApp();

/** A JSON POST as the web client sends it, asking for Hindi. */
const postHindi = (url: string, body: unknown, token: string) =>
  post(ctx.app, url, body, token, {
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${token}`,
      ...HINDI,
    },
  });

describe('the queues answer in Hindi when asked', () => {
  it('a bill: the approve success message, then the second approve’s 409', async () => {
    const admin = await createAdmin(ctx);
    const type = await createUpiPaymentType(ctx.app, admin.token);
    const user = await registerUser(ctx.app);
    const sent = await addFunds(ctx.app, user.token, type.id, '300.00');
    expect(sent.statusCode).toBe(200);
    const billId = sent.json().data.id as number;

    const approved = await postHindi(`/api/admin/bills/${billId}/approve`, {}, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('बिल मंज़ूर हो गया है और रकम बैलेंस में जोड़ दी गई है।');
    expect(approved.json().message).toBe(translateIn('hi', 'api.bills.approved'));

    const again = await postHindi(`/api/admin/bills/${billId}/approve`, {}, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_HANDLED');
    expect(again.json().message).toBe('यह बिल पहले ही निपटाया जा चुका है।');

    // Without the header the same call still answers in English.
    const english = await post(ctx.app, `/api/admin/bills/${billId}/reject`, {}, admin.token);
    expect(english.json().message).toBe('This bill has already been handled.');
  });

  it('a withdrawal: the request, a second approve (409) and a cancel of a handled one (409)', async () => {
    const admin = await createAdmin(ctx);
    const user = await registerUser(ctx.app);
    await deposit(ctx.app, admin.token, await userIdOf(ctx, user.email), '1000.00');

    const asked = await postHindi('/api/withdraw', { amount: '200', method: 'upi', upi_id: 'me@okicici' }, user.token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(translateIn('hi', 'api.queue.sent'));
    expect(asked.json().message).toMatch(DEVANAGARI);
    const id = asked.json().data.id as number;

    const approved = await postHindi(`/api/admin/withdraw/${id}/approve`, {}, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('निकासी मंज़ूर हो गई है।');

    const again = await postHindi(`/api/admin/withdraw/${id}/reject`, {}, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('यह निकासी पहले ही निपटाई जा चुकी है।');

    const cancel = await postHindi(`/api/withdraw/${id}/cancel`, undefined, user.token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('यह निकासी पहले ही निपटाई जा चुकी है।');
  });

  it('an ID request: sent, a 422 field error on handling, then a 409 while a close waits', async () => {
    const admin = await createAdmin(ctx);
    const item = await createItem(ctx.app, admin.token);
    const { user, userIdId } = await activeId(ctx, admin.token, item.id);

    const withdraw = await postHindi(`/api/user_ids/${userIdId}/withdraw`, { amount: '100' }, user.token);
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json().message).toBe('अनुरोध भेज दिया गया है। हम जल्द ही इस पर काम करेंगे।');

    const noAmount = await post(ctx.app, `/api/admin/requests/${withdraw.json().data.id}/handle`, { action: 'approve' }, admin.token, {
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Bearer ${admin.token}`,
        ...HINDI,
      },
    });
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().errors?.amount).toEqual(['वॉलेट में जोड़ी गई रकम डालें।']);

    const handled = await handle(ctx.app, admin.token, withdraw.json().data.id as number, { action: 'reject' });
    expect(handled.json().message).toBe('The request has been rejected.');

    expect((await postHindi(`/api/user_ids/${userIdId}/close`, undefined, user.token)).statusCode).toBe(200);
    const deposit = await postForm(ctx.app, `/api/user_ids/${userIdId}/deposit`, { amount: '100', pay_from: 'wallet' }, [], user.token, HINDI);
    expect(deposit.statusCode).toBe(409);
    expect(deposit.json().code).toBe('ID_CLOSING');
    expect(deposit.json().message).toBe(translateIn('hi', 'api.idRequests.closing'));
    expect(deposit.json().message).toMatch(/^इस ID को बंद करने का अनुरोध/);
  });

  it('ledger entries are written in the reader’s language, whoever wrote them and whatever the account’s language', async () => {
    const admin = await createAdmin(ctx);
    const hindi = await registerUser(ctx.app);
    expect((await post(ctx.app, '/api/user/locale', { locale: 'hi' }, hindi.token)).statusCode).toBe(200);
    const english = await registerUser(ctx.app);
    for (const user of [hindi, english]) {
      // The staff call is in English; the customer's own call asks for nothing in particular.
      await deposit(ctx.app, admin.token, await userIdOf(ctx, user.email), '1000.00');
      const asked = await post(ctx.app, '/api/withdraw', { amount: '200', method: 'upi', upi_id: 'me@okicici' }, user.token);
      expect(asked.statusCode).toBe(200);
    }

    const entries = async (token: string, headers: Record<string, string> = {}) =>
      (
        (await ctx.app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization: `Bearer ${token}`, ...headers } })).json()
          .data.items as { description: string }[]
      ).map((row) => row.description);
    for (const user of [hindi, english]) {
      expect(await entries(user.token, HINDI)).toEqual(['UPI me@okicici पर निकासी', 'एडमिन ने जमा किए: test funds']);
      expect(await entries(user.token)).toEqual(['Withdrawal to UPI me@okicici', 'Deposit by admin: test funds']);
    }
  });
});
