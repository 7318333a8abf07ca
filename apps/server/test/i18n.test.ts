import { STAFF_API } from '@iddesk/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema';
import { hasText, LOCALE_CACHE_LIMIT, localeOfHeaders, localize, localizeJson, t, translateIn } from '../src/lib/i18n';
import localePlugin from '../src/plugins/app/locale';
import { startSmtpInbox } from './helpers/smtp-inbox';
import { createAdmin, createTestApp, newUserDetails, post, type TestContext } from './helpers/test-app';
import {
  createUpiPaymentType,
  deposit,
  expectLedgerConsistent,
  nextReference,
  PDF_BYTES,
  pngImage,
  postForm,
  userIdOf,
} from './helpers/wallet-fixtures';

/** Issue 18: the server answers in the call's language and writes for a user in theirs. */

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const DEVANAGARI = /[\u0900-\u097F]/;

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let ctx: TestContext;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ctx = await createTestApp({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.close();
});

/** A JSON POST as the web client sends it, with `headers` added (Accept-Language). */
const postWith = (url: string, body: unknown, token: string | undefined, headers: Record<string, string>) =>
  post(ctx.app, url, body, token, {
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  });
const register = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  postWith('/api/auth/register', body, undefined, headers);

describe('Accept-Language, negotiated once per value', () => {
  it('gives the same language from memory as negotiated, also past the kept number of values', () => {
    expect(localeOfHeaders({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('hi');
    expect(localeOfHeaders({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('hi');
    expect(localeOfHeaders({ 'accept-language': 'fr-FR, en;q=0.5' })).toBe('en');
    expect(localeOfHeaders({ 'accept-language': 'fr-FR' })).toBe('en');
    expect(localeOfHeaders({})).toBe('en');
    // Callers choose the header: distinct values past the limit start the map again.
    for (let i = 0; i <= LOCALE_CACHE_LIMIT; i += 1) {
      expect(localeOfHeaders({ 'accept-language': `x-${i}, hi;q=0.${(i % 9) + 1}` })).toBe('hi');
    }
    expect(localeOfHeaders({ 'accept-language': 'en-GB,en;q=0.9,hi;q=0.8' })).toBe('en');
    expect(localeOfHeaders({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('hi');
    // A header longer than a browser's is negotiated, not kept.
    expect(localeOfHeaders({ 'accept-language': `${'x-long;q=0.1,'.repeat(40)}hi` })).toBe('hi');
  });
});

describe('text written in the language of the answer when it is sent (decision 025)', () => {
  const values = { field: 'say "hi" \\ back\nनमस्ते' };

  it('a marker names its key and values, and is written in either language', () => {
    const text = t('validation.field.noFile', values);
    expect(hasText(text)).toBe(true);
    expect(localize(text, 'en')).toBe(translateIn('en', 'validation.field.noFile', values));
    expect(localize(text, 'hi')).toBe(translateIn('hi', 'validation.field.noFile', values));
    expect(localize(`${t('api.badRequest')} / ${text}`, 'hi')).toBe(
      `${translateIn('hi', 'api.badRequest')} / ${translateIn('hi', 'validation.field.noFile', values)}`,
    );
  });

  it('inside a JSON answer, values with quotes, backslashes and line breaks come out as JSON', () => {
    const answer = { message: t('validation.field.noFile', values), data: { errors: [t('api.badRequest')] } };
    const written = JSON.parse(localizeJson(JSON.stringify(answer), 'hi')) as typeof answer;
    expect(written).toEqual({
      message: translateIn('hi', 'validation.field.noFile', values),
      data: { errors: [translateIn('hi', 'api.badRequest')] },
    });
  });

  it('the locale hook writes a JSON answer as JSON and a plain one as text, in the call’s language', async () => {
    const app = Fastify();
    await app.register(localePlugin);
    const text = t('validation.field.noFile', values);
    app.get('/json', async () => ({ message: text }));
    app.get('/plain', async (_request, reply) => reply.type('text/plain; charset=utf-8').send(`${text}\n`));
    try {
      const json = await app.inject({ url: '/json', headers: HINDI });
      expect(json.json()).toEqual({ message: translateIn('hi', 'validation.field.noFile', values) });
      const plain = await app.inject({ url: '/plain' });
      expect(plain.body).toBe(`${translateIn('en', 'validation.field.noFile', values)}\n`);
    } finally {
      await app.close();
    }
  });

  it("a caller's text cannot pose as a marker, and loses the markers' characters in a value", () => {
    const posing = '\uE000AAAAAAAAapi.badRequest\uE002';
    expect(hasText(posing)).toBe(false);
    expect(localize(posing, 'en')).toBe(posing);
    expect(localizeJson(JSON.stringify({ message: posing }), 'en')).toBe(JSON.stringify({ message: posing }));
    // A form's field name is the caller's: it goes into the message without those characters.
    const named = t('validation.field.noFile', { field: `a\uE001b\uE002c${t('api.badRequest')}` });
    expect(localize(named, 'en')).toBe(
      translateIn('en', 'validation.field.noFile', { field: `abc${translateIn('en', 'api.badRequest')}` }),
    );
  });
});

describe('Accept-Language picks the language of the answer', () => {
  it('a zod field error of the contract is Hindi for hi, English without the header', async () => {
    const hindi = await register(newUserDetails({ name: 'A' }), HINDI);
    expect(hindi.statusCode).toBe(422);
    expect(hindi.json().errors?.name).toEqual([translateIn('hi', 'validation.name.min')]);
    expect(hindi.json().errors?.name?.[0]).toMatch(DEVANAGARI);
    expect(hindi.json().message).toBe(hindi.json().errors?.name?.[0]);

    const english = await register(newUserDetails({ name: 'A' }));
    expect(english.json().errors?.name).toEqual(['The name must be at least 2 characters.']);
  });

  it('a server-side field error (email taken) is Hindi', async () => {
    const first = newUserDetails();
    expect((await register(first)).statusCode).toBe(200);
    const again = await register(newUserDetails({ email: first.email }), HINDI);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors?.email).toEqual(['यह ईमेल पहले से किसी खाते में है।']);
  });

  it('a 409 is Hindi', async () => {
    const token = (await register(newUserDetails())).json().data.api_token as string;
    // Turning off a second factor that is not on.
    const res = await postWith(`/api${STAFF_API.secondFactorDisable}`, { code: '123456' }, token, HINDI);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('आपका दूसरा चरण (2FA) पहले से बंद है।');
  });

  it('issue 56: a refused token or role reads in the product’s words, with what to do next, in both languages', async () => {
    const token = (await register(newUserDetails())).json().data.api_token as string;
    const cases = [
      { token: 'not-a-token', status: 401, en: /^You are not signed in, or your session has ended\. Sign in again\.$/, hi: /फिर से साइन इन करें।$/ },
      { token, status: 403, en: /^Your account may not do this\. If your work needs it, ask the site’s owner\.$/, hi: /ओनर से पूछें।$/ },
    ];
    for (const c of cases) {
      const english = await postWith('/api/admin/marque', { text: 'x' }, c.token, {});
      const hindi = await postWith('/api/admin/marque', { text: 'x' }, c.token, HINDI);
      expect([english.statusCode, hindi.statusCode]).toEqual([c.status, c.status]);
      expect(english.json().message).toMatch(c.en);
      expect(hindi.json().message).toMatch(c.hi);
      // No framework words ("Unauthenticated.", "This action is unauthorized.").
      expect(english.json().message).not.toMatch(/unauthenticated|unauthori[sz]ed/i);
    }
  });

  it('a success message is Hindi, and registering in Hindi makes Hindi the account’s language', async () => {
    const res = await register(newUserDetails(), HINDI);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('स्वागत है! आपका खाता बन गया है।');
    const passport = await post(ctx.app, '/api/user/passport', undefined, res.json().data.api_token);
    expect(passport.json().data.locale).toBe('hi');
  });

  it('a language we do not speak, or none, answers in English', async () => {
    const res = await register(newUserDetails(), { 'accept-language': 'fr-FR,de;q=0.8' });
    expect(res.json().message).toBe('Welcome! Your account has been created.');
    const passport = await post(ctx.app, '/api/user/passport', undefined, res.json().data.api_token);
    expect(passport.json().data.locale).toBe('en');
  });

  it('a 429 says its minutes in Hindi, with the plural rule of Hindi', () => {
    expect(translateIn('hi', 'api.rateLimited', { minutes: 1 })).toBe(
      'बहुत ज़्यादा कोशिशें हो गईं। कृपया 1 मिनट बाद फिर कोशिश करें।',
    );
    expect(translateIn('en', 'api.rateLimited', { minutes: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
    expect(translateIn('en', 'api.rateLimited', { minutes: 5 })).toBe('Too many attempts. Please try again in 5 minutes.');
  });
});

describe('the account’s language', () => {
  it('POST /user/locale stores it, the passport returns it, and it answers in the new language', async () => {
    const token = (await register(newUserDetails())).json().data.api_token as string;
    const res = await post(ctx.app, '/api/user/locale', { locale: 'hi' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('भाषा बदल दी गई है।');
    expect(res.json().data.locale).toBe('hi');
    expect((await post(ctx.app, '/api/user/passport', undefined, token)).json().data.locale).toBe('hi');

    const bad = await post(ctx.app, '/api/user/locale', { locale: 'fr' }, token);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(['locale']);
    expect((await post(ctx.app, '/api/user/locale', { locale: 'en' })).statusCode).toBe(401);
  });

  it('a notification is written in the reader’s language, whatever the staff member or the account reads', async () => {
    const admin = await createAdmin(ctx);
    const hindi = newUserDetails();
    const hindiToken = (await register(hindi, HINDI)).json().data.api_token as string;
    const english = newUserDetails();
    const englishToken = (await register(english)).json().data.api_token as string;
    for (const [details, token] of [[hindi, hindiToken], [english, englishToken]] as const) {
      const credited = await post(
        ctx.app,
        '/api/admin/deposit/create',
        { user_id: await userIdOf(ctx, details.email), amount: '100000', comment: 'bonus' },
        admin.token,
      );
      expect(credited.statusCode).toBe(200);
      expect(credited.json().message).not.toMatch(DEVANAGARI);
      const read = async (headers: Record<string, string>) =>
        (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: `Bearer ${token}`, ...headers } })).json()
          .data.items[0];
      // Each account's notice, read from a Hindi page and from an English one.
      const inHindi = await read(HINDI);
      expect(inHindi.title).toBe('बैलेंस में पैसे जोड़े गए');
      // Indian grouping and Latin digits in both languages.
      expect(inHindi.body).toBe('हमारी टीम ने आपके बैलेंस में ₹1,00,000.00 जोड़े हैं। नोट: bonus');
      const inEnglish = await read({});
      expect(inEnglish.title).toBe('Balance credited');
      expect(inEnglish.body).toBe('Our desk added ₹1,00,000.00 to your balance. Note: bonus');
    }
  });

  it("a notification's written time has Hindi's month name in a Hindi call, with Latin digits", async () => {
    const admin = await createAdmin(ctx);
    const details = newUserDetails();
    const token = (await register(details, HINDI)).json().data.api_token as string;
    const userId = await userIdOf(ctx, details.email);
    const credited = await post(ctx.app, '/api/admin/deposit/create', { user_id: userId, amount: '100', comment: 'x' }, admin.token);
    expect(credited.statusCode).toBe(200);
    // 02:36 on 24 November in Kolkata (the display time zone).
    await ctx.db.update(notifications).set({ createdAt: new Date('2026-11-23T21:06:00Z') }).where(eq(notifications.userId, userId));
    const list = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: `Bearer ${token}`, ...headers } });
    expect((await list(HINDI)).json().data.items[0].created_at_full).toBe('24 नवंबर 2026, 2:36 am');
    expect((await list({})).json().data.items[0].created_at_full).toBe('24 Nov 2026, 2:36 am');
  });

  it('the password-reset mail is in the account’s language, not the caller’s', async () => {
    const hindi = newUserDetails();
    await register(hindi, HINDI);
    const before = inbox.received.length;
    // Asked from an English browser: the mail still follows the account.
    expect((await post(ctx.app, '/api/update/password/create', { email: hindi.email })).statusCode).toBe(200);
    const [raw] = (await inbox.waitFor(before + 1)).slice(before);
    const mail = await simpleParser(raw!.raw);
    expect(mail.subject).toBe('अपना ID Desk पासवर्ड रीसेट करें');
    expect(mail.text).toContain('नया पासवर्ड चुनने के लिए यह लिंक खोलें:');
    expect(mail.text).toContain('60 मिनट के अंदर');
    expect(mail.html).toContain('lang="hi"');
  });
});

describe('money and upload answers in Hindi (issue 18 phase 2b)', () => {
  let admin: { token: string };
  let paymentTypeId: number;
  let customer: { token: string; id: number };

  beforeAll(async () => {
    admin = await createAdmin(ctx);
    paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
    const details = newUserDetails();
    const token = (await register(details)).json().data.api_token as string;
    customer = { token, id: await userIdOf(ctx, details.email) };
  });

  /** `POST /add_funds` as the Hindi web page sends it. */
  const addFundsInHindi = async (amount: string, proof?: Buffer) =>
    postForm(
      ctx.app,
      '/api/add_funds',
      { amount, payment_type_id: String(paymentTypeId), reference: nextReference() },
      [{ field: 'proof', data: proof ?? (await pngImage()), type: proof ? 'application/pdf' : 'image/png' }],
      customer.token,
      HINDI,
    );

  it('add funds: a too-large amount is a 422 on amount in Hindi, naming the ceiling', async () => {
    const res = await addFundsInHindi('100000000000');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: ['रकम बहुत बड़ी है: ज़्यादा से ज़्यादा ₹10,00,00,000.00 हो सकती है।'] });
    expect(res.json().message).toBe(res.json().errors.amount[0]);
    // More than two decimals says so, in Hindi too.
    const decimals = await addFundsInHindi('150.123');
    expect(decimals.json().errors?.amount).toEqual([
      'रकम में दशमलव के बाद ज़्यादा से ज़्यादा दो अंक (पैसे) हो सकते हैं, जैसे 1500.50।',
    ]);
  });

  it('add funds: a file that is not an image is refused in Hindi on proof', async () => {
    const res = await addFundsInHindi('500', PDF_BYTES);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ proof: ['फ़ाइल JPEG, PNG या WebP इमेज होनी चाहिए।'] });
    await expectLedgerConsistent(ctx);
  });

  it('a keyed withdrawal answered in Hindi is replayed as it was answered, whatever the retry asks', async () => {
    const details = newUserDetails();
    const token = (await register(details)).json().data.api_token as string;
    await deposit(ctx.app, admin.token, await userIdOf(ctx, details.email), '500');
    const body = { amount: '100', method: 'upi', upi_id: 'me@okicici' };
    const key = { 'idempotency-key': `hi-${Date.now()}` };
    const first = await postWith('/api/withdraw', body, token, { ...HINDI, ...key });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(translateIn('hi', 'api.queue.sent'));
    const retry = await postWith('/api/withdraw', body, token, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // Without a key, an English call reads English.
    const english = await postWith('/api/withdraw', body, token, {});
    expect(english.json().message).toBe(translateIn('en', 'api.queue.sent'));
    await expectLedgerConsistent(ctx);
  });

  it('the ledger: more than the balance is 409 INSUFFICIENT_BALANCE in Hindi, and nothing moves', async () => {
    await deposit(ctx.app, admin.token, customer.id, '100');
    const res = await postWith('/api/withdraw', { amount: '100.01', method: 'upi', upi_id: 'me@okicici' }, customer.token, HINDI);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'इस रकम के लिए बैलेंस काफ़ी नहीं है।' });
    const english = await postWith('/api/withdraw', { amount: '100.01', method: 'upi', upi_id: 'me@okicici' }, customer.token, {});
    expect(english.json().message).toBe('The balance is not enough for this amount.');
    await expectLedgerConsistent(ctx);
  });
});
