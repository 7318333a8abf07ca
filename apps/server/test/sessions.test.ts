import { describe, expect, it } from 'vitest';
import { get, post, registerUser, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Sign in as `user` from a device (User-Agent) and an IP; returns the new token. */
async function signIn(user: { email: string; password: string }, userAgent: string, ip: string) {
  const res = await post(ctx.app, '/api/auth/login', { login: user.email, password: user.password }, undefined, {
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.api_token as string;
}

const passport = (token: string) => post(ctx.app, '/api/user/passport', undefined, token);
const list = (token: string) => get(ctx.app, '/api/user/sessions', token);

describe('sessions a person can see and end (issue 15)', () => {
  it('lists the live sessions with device, IP, signed in and last used; the current one marked', async () => {
    const user = await registerUser(ctx.app);
    const laptop = await signIn(user, CHROME_WINDOWS, '203.0.113.7');
    const phone = await signIn(user, SAFARI_IPHONE, '198.51.100.23');

    const res = await list(laptop);
    expect(res.statusCode, res.body).toBe(200);
    const sessions = res.json().data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3); // registration, laptop, phone
    const byIp = (ip: string) => sessions.find((s) => s.ip === ip)!;
    expect(byIp('203.0.113.7')).toMatchObject({ device: 'Chrome 131 on Windows 10', current: true });
    expect(byIp('198.51.100.23')).toMatchObject({ device: 'Safari 17 on iOS 17.4 (mobile)', current: false });
    for (const s of sessions) {
      expect(Number.isNaN(Date.parse(String(s.created_at)))).toBe(false);
      expect(Number.isNaN(Date.parse(String(s.last_used_at)))).toBe(false);
    }
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // The phone sees the same sessions, with its own marked.
    const fromPhone = (await list(phone)).json().data as Array<Record<string, unknown>>;
    expect(fromPhone.find((s) => s.current)?.ip).toBe('198.51.100.23');
    // No token or hash in the answer.
    expect(res.body).not.toContain(laptop);
    expect(res.body).not.toContain('token');
  });

  it('ending one session signs that device out at its next call, and only that one', async () => {
    const user = await registerUser(ctx.app);
    const laptop = await signIn(user, CHROME_WINDOWS, '203.0.113.8');
    const phone = await signIn(user, SAFARI_IPHONE, '198.51.100.24');
    const phoneSession = ((await list(laptop)).json().data as Array<{ id: number; ip: string }>).find(
      (s) => s.ip === '198.51.100.24',
    )!;

    const ended = await post(ctx.app, `/api/user/sessions/${phoneSession.id}/end`, undefined, laptop);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: 'The session has been ended.', data: null });
    expect((await passport(phone)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/user/exists', undefined, phone)).json().data).toEqual({ status: false });
    expect((await passport(laptop)).statusCode).toBe(200);
    expect(((await list(laptop)).json().data as unknown[]).length).toBe(2);
    // Ending it again: it is gone.
    expect((await post(ctx.app, `/api/user/sessions/${phoneSession.id}/end`, undefined, laptop)).statusCode).toBe(404);
  });

  it('another person’s session is 404 and keeps working', async () => {
    const victim = await registerUser(ctx.app);
    const attacker = await registerUser(ctx.app);
    const victimSession = ((await list(victim.token)).json().data as Array<{ id: number }>)[0]!;
    const res = await post(ctx.app, `/api/user/sessions/${victimSession.id}/end`, undefined, attacker.token);
    expect(res.statusCode).toBe(404);
    expect((await passport(victim.token)).statusCode).toBe(200);
  });

  it('ending the current session is a sign-out', async () => {
    const user = await registerUser(ctx.app);
    const current = ((await list(user.token)).json().data as Array<{ id: number; current: boolean }>).find((s) => s.current)!;
    expect((await post(ctx.app, `/api/user/sessions/${current.id}/end`, undefined, user.token)).statusCode).toBe(200);
    expect((await passport(user.token)).statusCode).toBe(401);
  });

  it('“end all others” keeps this session and ends the rest', async () => {
    const user = await registerUser(ctx.app);
    const laptop = await signIn(user, CHROME_WINDOWS, '203.0.113.9');
    const phone = await signIn(user, SAFARI_IPHONE, '198.51.100.25');
    const other = await registerUser(ctx.app);

    const res = await post(ctx.app, '/api/user/sessions/end_others', undefined, laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your other sessions have been ended.', data: { ended: 2 } });
    expect((await passport(laptop)).statusCode).toBe(200);
    expect((await passport(phone)).statusCode).toBe(401);
    expect((await passport(user.token)).statusCode).toBe(401);
    // Nobody else's sessions are touched.
    expect((await passport(other.token)).statusCode).toBe(200);
    expect((await list(laptop)).json().data).toEqual([expect.objectContaining({ current: true })]);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const user = await registerUser(ctx.app);
    const phone = await signIn(user, SAFARI_IPHONE, '198.51.100.26');
    const next = 'a brand new pass phrase';
    const changed = await post(
      ctx.app,
      '/api/user/update/password',
      { current_password: user.password, password: next, password_confirmation: next },
      user.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await passport(phone)).statusCode).toBe(401);
    expect((await list(user.token)).json().data).toHaveLength(1);
  });

  it('an unknown User-Agent is an "Unknown device"', async () => {
    const user = await registerUser(ctx.app);
    const res = await post(ctx.app, '/api/auth/login', { login: user.email, password: user.password }, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    const token = res.json().data.api_token as string;
    const mine = ((await list(token)).json().data as Array<{ current: boolean; device: string }>).find((s) => s.current)!;
    expect(mine.device).toBe('Unknown device');
  });
});
