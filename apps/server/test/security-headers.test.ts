import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, securityHeaders } from '../src/plugins/external/helmet';
import { get, post, registerUser, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('a real CSP: no inline script, no framing, no plugins', async () => {
    for (const url of ['/api/marque', '/some/page']) {
      const res = await get(ctx.app, url);
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toEqual(expect.any(String));
      const d = directives(csp as string);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('script-src')).toEqual(["'self'"]);
      expect(d.get('script-src')).not.toContain("'unsafe-inline'");
      expect(d.get('script-src')).not.toContain("'unsafe-eval'");
      expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('nosniff, strict referrer policy, no framing — on API answers, errors and pages', async () => {
    const answers = {
      '/api/marque': await get(ctx.app, '/api/marque'),
      '401 /api/user/passport': await ctx.app.inject({ method: 'POST', url: '/api/user/passport' }),
      '/some/page': await get(ctx.app, '/some/page'),
    };
    expect(answers['401 /api/user/passport'].statusCode).toBe(401);
    for (const [url, res] of Object.entries(answers)) {
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('every header helmet sets for our options, on answers, errors, unknown routes and pages', async () => {
    const expected = securityHeaders(HELMET_OPTIONS);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'cross-origin-opener-policy',
        'x-content-type-options',
      ]),
    );
    const answers = [
      await get(ctx.app, '/api/marque'),
      await ctx.app.inject({ method: 'POST', url: '/api/user/passport' }),
      await get(ctx.app, '/api/no-such-call'),
      await get(ctx.app, '/some/page'),
    ];
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      }
    }
  });

  it('issue 51 finding 7: answers behind a session and sign-in answers are no-store; public cached reads keep theirs', async () => {
    const user = await registerUser(ctx.app);
    const signIn = await post(ctx.app, '/api/auth/login', { login: user.email, password: user.password });
    const answers = {
      'sign-in': signIn,
      passport: await post(ctx.app, '/api/user/passport', undefined, user.token),
      transactions: await get(ctx.app, '/api/transactions', user.token),
      notifications: await get(ctx.app, '/api/notifications', user.token),
      '401': await get(ctx.app, '/api/transactions'),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(signIn.json().data.api_token).toEqual(expect.any(String));
    // Public reads still revalidate by ETag, whoever asks; the web app's pages are not /api.
    for (const token of [undefined, user.token]) {
      const settings = await get(ctx.app, '/api/settings', token);
      expect(settings.headers['cache-control']).toBe('public, no-cache');
      expect(settings.headers.etag).toEqual(expect.any(String));
    }
  });
});
