import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  newUserDetails,
  post,
  registerUser,
  type TestContext,
} from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW_SECONDS: '60' });
});
afterAll(async () => {
  await ctx?.close();
});

const from = (remoteAddress: string) => ({ remoteAddress });

describe('rate limits', () => {
  it('login: the 4th attempt from one IP within the window gets 429 with the envelope', async () => {
    const attempt = () =>
      post(
        ctx.app,
        '/api/auth/login',
        { login: 'x@example.com', password: 'guess-guess' },
        undefined,
        from('10.0.0.1'),
      );
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(422);

    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Please try again in .+\.$/),
      data: null,
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another client is not affected.
    const other = await post(
      ctx.app,
      '/api/auth/login',
      { login: 'x@example.com', password: 'guess-guess' },
      undefined,
      from('10.0.0.2'),
    );
    expect(other.statusCode).toBe(422);
  });

  it('register is limited per IP as well', async () => {
    const attempt = () =>
      post(ctx.app, '/api/auth/register', newUserDetails(), undefined, from('10.0.1.1'));
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('password change is limited; ordinary calls are not', async () => {
    const user = await registerUser(ctx.app);
    const change = () =>
      post(
        ctx.app,
        '/api/user/update/password',
        {
          current_password: 'wrong wrong',
          password: 'new password 1',
          password_confirmation: 'new password 1',
        },
        user.token,
        from('10.0.2.1'),
      );
    for (let i = 0; i < 3; i += 1) expect((await change()).statusCode).toBe(422);
    expect((await change()).statusCode).toBe(429);

    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        ctx.app,
        '/api/user/passport',
        undefined,
        user.token,
        from('10.0.2.1'),
      );
      expect(res.statusCode).toBe(200);
    }
  });
});
