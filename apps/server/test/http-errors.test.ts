import { beforeAll, describe, expect, it } from 'vitest';
import { translateIn } from '../src/lib/i18n';
import {
  createAdmin,
  createTestApp,
  post,
  registerUser,
  useTestApp,
  expectErrorAnswer,
} from './helpers/test-app';
import { pngImage, postForm } from './helpers/wallet-fixtures';

const NUL_MESSAGE = translateIn('en', 'validation.field.nul');

const ctx = useTestApp({ BODY_LIMIT_BYTES: '4096' });
beforeAll(async () => {
  // A route that fails the way a bug would, to see what a 500 looks like from outside.
  ctx.app.get('/api/__test__/boom', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
});

/** A login call with this raw body and content type. */
const loginWithBody = (contentType: string, payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': contentType },
    payload,
  });

describe('HTTP errors', () => {
  it('bad JSON gives 400 with the envelope', async () => {
    const res = await loginWithBody('application/json', '{"login": "a@b.c", "password": ');
    expectErrorAnswer(res, 400, 'The request body is not valid JSON.', 'BAD_REQUEST');
  });

  it('prototype-poisoning JSON is refused as bad JSON', async () => {
    const res = await loginWithBody(
      'application/json',
      '{"login":"a@b.c","password":"x","__proto__":{"admin":true}}',
    );
    expect(res.statusCode).toBe(400);
  });

  it('an oversized body gives 413', async () => {
    const res = await post(ctx.app, '/api/auth/login', {
      login: 'a@b.c',
      password: 'x'.repeat(10_000),
    });
    expectErrorAnswer(res, 413, 'The request is too large.', 'PAYLOAD_TOO_LARGE');
  });

  it('an unsupported content type gives 415', async () => {
    const res = await loginWithBody('text/xml', '<login/>');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ data: null, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('an empty JSON body is accepted on calls without a body (the client always sends the header)', async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/passport',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('unknown /api routes give a 404 envelope, also for wrong methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '/api/auth/login'],
      ['DELETE', '/api/user/passport'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', data: null, code: 'NOT_FOUND' });
    }
  });

  // Found by fuzz-api.test.ts: `errors[field] ??= []` found Object.prototype's `constructor`
  // and threw inside the error handler, so Fastify answered a bare 500 with the TypeError.
  it('a body key named constructor or toString is a 422 naming it, not a 500', async () => {
    const json = await post(ctx.app, '/api/auth/login', {
      login: 'a@b.c',
      password: 'x',
      constructor: 1,
      toString: [],
    });
    expect(json.statusCode, json.body).toBe(422);
    expect(json.json().errors).toEqual({
      constructor: ['The constructor field is not allowed.'],
      toString: ['The toString field is not allowed.'],
    });
  });

  // Found by fuzz-api.test.ts: the router's own errors bypassed the error handler, answering
  // Fastify's body (no envelope, the path echoed back).
  it('a path parameter over the router limit or a broken percent-encoding gets the envelope', async () => {
    const user = await registerUser(ctx.app);
    const headers = { authorization: `Bearer ${user.token}` };
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/bills/${'9'.repeat(400)}`,
      headers,
    });
    expectErrorAnswer(long, 414, 'The URL is too long.', 'BAD_REQUEST');

    const broken = await ctx.app.inject({ method: 'GET', url: '/api/bills/%zz<script>', headers });
    expect(broken.statusCode).toBe(400);
    // Answered before the onRequest hooks, yet with the security headers of every answer.
    for (const res of [long, broken]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(broken.json()).toEqual({
      message: 'The URL is not valid.',
      data: null,
      code: 'BAD_REQUEST',
    });
    expect(broken.body).not.toContain('script');
  });

  // Found by fuzz-api.test.ts: PostgreSQL text refuses U+0000, so a NUL reaching a query
  // failed the statement (POST /api/admin/marque {"text":"\u0000"} answered 500).
  it('a NUL character in a JSON or form field is a 422 on that field, not a 500', async () => {
    const login = await post(ctx.app, '/api/auth/login', { login: 'a\u0000@b.c', password: 'x' });
    expect(login.statusCode, login.body).toBe(422);
    expect(login.json().errors).toEqual({ login: [NUL_MESSAGE] });

    const nested = await post(ctx.app, '/api/auth/register', { name: ['ok', { deep: 'x\u0000' }] });
    expect(nested.statusCode, nested.body).toBe(422);
    expect(nested.json().errors).toEqual({ 'name.1.deep': [NUL_MESSAGE] });

    // Escaped backslashes are not a NUL.
    const escaped = await post(ctx.app, '/api/auth/login', {
      login: 'a\\u0000@b.c',
      password: 'x',
    });
    expect(escaped.statusCode, escaped.body).toBe(422);
    expect(escaped.json().errors.login).not.toEqual([NUL_MESSAGE]);

    const user = await registerUser(ctx.app);
    const form = await postForm(
      ctx.app,
      '/api/add_funds',
      { amount: '100', payment_type_id: '1', reference: 'UTR\u00001' },
      [{ field: 'proof', data: await pngImage(8, 8) }],
      user.token,
    );
    expect(form.statusCode, form.body).toBe(422);
    expect(form.json().errors.reference).toEqual([NUL_MESSAGE]);
  });

  // Found by fuzz-api.test.ts on PostgreSQL (seed 157009544): a percent-encoded NUL in a
  // query string reached the audit log's statement and answered 500.
  it('a NUL character in a query string is a 422 on that parameter, not a 500', async () => {
    const admin = (await createAdmin(ctx)).token;
    const nul = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit?object_type=%00',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(nul.statusCode, nul.body).toBe(422);
    expect(nul.json().errors).toEqual({ object_type: [NUL_MESSAGE] });

    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit?object_type=bill',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  // Found by fuzz-api.test.ts: 10 000 nested arrays parsed, then overflowed the stack in the
  // idempotency fingerprint of money calls (JSON.stringify): a 500.
  it('a lone surrogate in a JSON field is a 422 on that field, not a 500 from jsonb (fuzz seed 1201735888)', async () => {
    const admin = (await createAdmin(ctx)).token;
    const lone = await post(ctx.app, '/api/admin/marque', { text: 'a\udc00b' }, admin);
    expect(lone.statusCode, lone.body).toBe(422);
    expect(lone.json().errors).toEqual({ text: [NUL_MESSAGE] });

    const high = await post(ctx.app, '/api/auth/login', { login: 'a\ud83d@b.c', password: 'x' });
    expect(high.statusCode, high.body).toBe(422);
    expect(high.json().errors).toEqual({ login: [NUL_MESSAGE] });

    // A whole pair (an emoji) is ordinary text.
    const pair = await post(ctx.app, '/api/admin/marque', { text: 'Offer \ud83d\ude00' }, admin);
    expect(pair.statusCode, pair.body).toBe(200);
  });

  it('a JSON body nested too deeply is a 400 with the envelope, also on money calls', async () => {
    // The default body limit: 10 000 levels do not fit in this file's 4 KB.
    const roomy = await createTestApp();
    const user = await registerUser(roomy.app);
    for (const payload of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`,
    ]) {
      const res = await roomy.app.inject({
        method: 'POST',
        url: '/api/user_ids/1/close',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.token}`,
          'idempotency-key': `deep-${payload.length}`,
        },
        payload,
      });
      expectErrorAnswer(res, 400, 'The request body is nested too deeply.', 'BAD_REQUEST');
    }
    // 32 levels, and brackets inside strings, are fine.
    const fine = await post(roomy.app, '/api/auth/login', {
      login: '[[[[{{{{'.repeat(20),
      password: JSON.parse(`${'['.repeat(31)}1${']'.repeat(31)}`),
    });
    expect(fine.statusCode, fine.body).toBe(422);
    await roomy.close();
  });

  it('a server error answers "Server error" with a code and never the stack or message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/__test__/boom' });
    expect(res.statusCode).toBe(500);
    // The request id, as in the X-Request-Id header, is there for the customer to quote.
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({
      message: 'Server error',
      data: null,
      code: 'SERVER_ERROR',
      request_id: requestId,
    });
    expect(res.body).not.toMatch(/secret|srv|stack|at /);
  });
});
