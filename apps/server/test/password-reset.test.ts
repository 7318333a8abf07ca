import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { translateIn } from '../src/lib/i18n';
import { parseEnv } from '../src/config/env';
import { passwordResets } from '../src/db/schema';
import { createMailer } from '../src/lib/mailer';
import { countQueries } from './helpers/query-counter';
import { resetTokenIn, startSmtpInbox } from './helpers/smtp-inbox';
import { createAdmin, createTestApp, get, post, registerUser, testConfig } from './helpers/test-app';
import { userIdOf } from './helpers/wallet-fixtures';

const PASSWORD_RESET_SENT_MESSAGE = translateIn('en', 'api.reset.sent');

/** The app with a clock the test moves: expiry needs no sleeping and no test-mode branch. */
async function appWithClock(env: Record<string, string>) {
  const clock = { now: new Date() };
  const ctx = await createTestApp(env, { now: () => clock.now });
  return {
    ctx,
    clock,
    advance(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
  };
}

const create = (app: FastifyInstance, email: string) =>
  post(app, '/api/update/password/create', { email });
const check = (app: FastifyInstance, token: string) =>
  post(app, '/api/update/password/check', { token });
const setPassword = (app: FastifyInstance, token: string, password = 'brand new secret 42') =>
  post(app, '/api/update/password/set', { token, password, password_confirmation: password });
const login = (app: FastifyInstance, email: string, password: string) =>
  post(app, '/api/auth/login', { login: email, password });

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let env: Awaited<ReturnType<typeof appWithClock>>;
let app: FastifyInstance;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  env = await appWithClock({ SMTP_URL: inbox.url, APP_URL: 'https://desk.example.com/' });
  app = env.ctx.app;
});
afterEach(() => {
  env.clock.now = new Date();
});
afterAll(async () => {
  await env?.ctx.close();
  await inbox?.close();
});

/** Asks for a reset and returns the link from the mail the SMTP server received. */
async function requestLink(email: string) {
  const before = inbox.received.length;
  const res = await create(app, email);
  expect(res.statusCode, res.body).toBe(200);
  const mails = await inbox.waitFor(before + 1);
  const mail = mails[before]!;
  expect(mail.to).toEqual([email]);
  return resetTokenIn(mail);
}

describe('forgot password: the mail', () => {
  it('is delivered over SMTP with a link to /reset_password/<token> on APP_URL', async () => {
    const user = await registerUser(app);
    const { link, token } = await requestLink(user.email);
    expect(link).toBe(`https://desk.example.com/reset_password/${token}`);
    // 32 random bytes, base64url: 256 bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = inbox.received.at(-1)!;
    expect(mail.raw).toMatch(/Subject: Reset your ID Desk password/);
    expect(mail.from).toBe('no-reply@iddesk.local');
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await registerUser(app);
    const { token } = await requestLink(user.email);
    const rows = await env.ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, await userIdOf(env.ctx, user.email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('unknown email: the same answer, the same database work, and no mail', async () => {
    const user = await registerUser(app);
    const start = inbox.received.length;
    const known = await create(app, user.email);
    const unknown = await create(app, `nobody-${Date.now()}@example.com`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE, data: null });

    const counter = countQueries(env.ctx.database);
    const knownWork = await counter.measure(() => create(app, user.email));
    const unknownWork = await counter.measure(() =>
      create(app, `nobody-else-${Date.now()}@example.com`),
    );
    expect(unknownWork.statements).toEqual(knownWork.statements);

    // A mail for each request for the known address, none for the unknown ones.
    await inbox.waitFor(start + 2);
    const before = inbox.received.length;
    expect(before).toBe(start + 2);
    await create(app, `ghost-${Date.now()}@example.com`);
    await requestLink(user.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.received.length).toBe(before + 1);
  });

  it('a blocked account gets the same answer and no mail', async () => {
    const admin = await createAdmin(env.ctx);
    const user = await registerUser(app);
    await get(app, `/api/admin/users/${await userIdOf(env.ctx, user.email)}/block`, admin.token);
    const before = inbox.received.length;
    const res = await create(app, user.email);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE, data: null });
    await requestLink((await registerUser(app)).email);
    expect(inbox.received.length).toBe(before + 1);
  });
});

describe('the reset token', () => {
  it('works once: check, set, then refused for check and set', async () => {
    const user = await registerUser(app);
    const { token } = await requestLink(user.email);
    const checked = await check(app, token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toEqual({ valid: true });

    const set = await setPassword(app, token);
    expect(set.statusCode, set.body).toBe(200);

    const again = await setPassword(app, token, 'another password 99');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      token: ['This reset link is invalid or has expired. Request a new one.'],
    });
    expect((await check(app, token)).statusCode).toBe(422);
    expect((await login(app, user.email, 'another password 99')).statusCode).toBe(422);
  });

  it('the new password logs in and the old one does not', async () => {
    const user = await registerUser(app);
    const { token } = await requestLink(user.email);
    expect((await setPassword(app, token, 'fresh password 123')).statusCode).toBe(200);
    expect((await login(app, user.email, 'fresh password 123')).statusCode).toBe(200);
    expect((await login(app, user.email, user.password)).statusCode).toBe(422);
  });

  it('expires after 60 minutes (clock moved, nothing slept)', async () => {
    const user = await registerUser(app);
    const { token } = await requestLink(user.email);
    env.advance(59);
    expect((await check(app, token)).statusCode).toBe(200);
    env.advance(1);
    expect((await check(app, token)).statusCode).toBe(422);
    expect((await setPassword(app, token)).statusCode).toBe(422);
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('is refused once a newer one was sent', async () => {
    const user = await registerUser(app);
    const older = await requestLink(user.email);
    const newer = await requestLink(user.email);
    expect(newer.token).not.toBe(older.token);
    expect((await check(app, older.token)).statusCode).toBe(422);
    expect((await setPassword(app, older.token)).statusCode).toBe(422);
    expect((await check(app, newer.token)).statusCode).toBe(200);
  });

  it('setting the password revokes every session of the user, and only theirs', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const second = (await login(app, user.email, user.password)).json().data.api_token as string;
    const { token } = await requestLink(user.email);
    expect((await setPassword(app, token)).statusCode).toBe(200);
    for (const old of [user.token, second]) {
      expect((await post(app, '/api/user/passport', undefined, old)).statusCode).toBe(401);
    }
    expect((await post(app, '/api/user/passport', undefined, other.token)).statusCode).toBe(200);
  });

  it('rejects garbage and a password mismatch with field errors', async () => {
    expect((await check(app, 'not-a-token')).statusCode).toBe(422);
    expect((await check(app, '')).statusCode).toBe(422);
    const user = await registerUser(app);
    const { token } = await requestLink(user.email);
    const mismatch = await post(app, '/api/update/password/set', {
      token,
      password: 'long enough one',
      password_confirmation: 'long enough two',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBeDefined();
    const short = await setPassword(app, token, 'short');
    expect(short.json().errors.password).toBeDefined();
    // Failed attempts do not use the token up.
    expect((await check(app, token)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('per email address (429), counted the same for unknown addresses', async () => {
    const limited = await appWithClock({ SMTP_URL: inbox.url, RATE_LIMIT_RESET_EMAIL_MAX: '2' });
    // Rate-limit windows follow the system clock (every server's, lib/rate-counters.ts), not
    // the app's injected one: the test moves both.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      const user = await registerUser(limited.ctx.app);
      for (const email of [user.email, `unknown-${Date.now()}@example.com`]) {
        expect((await create(limited.ctx.app, email)).statusCode).toBe(200);
        expect((await create(limited.ctx.app, email.toUpperCase())).statusCode).toBe(200);
        const third = await create(limited.ctx.app, email);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/60 minutes/),
        });
      }
      expect((await create(limited.ctx.app, `fresh-${Date.now()}@example.com`)).statusCode).toBe(
        200,
      );
      limited.advance(60);
      vi.setSystemTime(Date.now() + 60 * 60_000);
      expect((await create(limited.ctx.app, user.email)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await limited.ctx.close();
    }
  });

  it('per IP (429) on create, check and set', async () => {
    const limited = await appWithClock({ RATE_LIMIT_AUTH_MAX: '2' });
    try {
      for (const [path, body] of [
        [
          '/api/update/password/create',
          (i: number) => ({ email: `ip-${i}-${Date.now()}@example.com` }),
        ],
        ['/api/update/password/check', () => ({ token: 'abc' })],
        [
          '/api/update/password/set',
          () => ({ token: 'abc', password: 'x', password_confirmation: 'x' }),
        ],
      ] as const) {
        const statuses = [];
        for (let i = 0; i < 3; i += 1)
          statuses.push((await post(limited.ctx.app, path, body(i))).statusCode);
        expect(statuses.slice(0, 2)).not.toContain(429);
        expect(statuses[2]).toBe(429);
      }
    } finally {
      await limited.ctx.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail to DATA_DIR/outbox as .eml', async () => {
    const dev = await appWithClock({});
    try {
      const user = await registerUser(dev.ctx.app);
      expect((await create(dev.ctx.app, user.email)).statusCode).toBe(200);
      const outbox = join(dev.ctx.config.dataDir, 'outbox');
      let files: string[] = [];
      let raw = '';
      // Until the file is there and written through (it is created before its content lands).
      for (let i = 0; i < 250 && !raw.includes('reset_password'); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
        files = (() => {
          try {
            return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        raw = files[0] ? readFileSync(join(outbox, files[0]), 'utf8') : '';
      }
      expect(files).toHaveLength(1);
      const { link } = resetTokenIn({ from: '', to: [], raw });
      expect(link.startsWith(`http://localhost:${dev.ctx.config.port}/reset_password/`)).toBe(true);
      expect(raw).toContain(`To: ${user.email}`);
    } finally {
      await dev.ctx.close();
    }
  });

  it('logs the links at info level, and never when SMTP is set', async () => {
    const dir = join(testConfig().dataDir, 'outbox');
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'a@b.c',
      outboxDir: dir,
      log: log as never,
    });
    await mailer.send({
      to: 'x@example.com',
      subject: 'S',
      text: 'Open https://h.example/reset_password/abc now',
    });
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'x@example.com',
        links: ['https://h.example/reset_password/abc'],
      }),
      expect.stringMatching(/outbox/),
    );
    await mailer.close();

    const smtpLog = { info: vi.fn(), error: vi.fn() };
    const smtp = createMailer({
      smtpUrl: inbox.url,
      from: 'a@b.c',
      outboxDir: dir,
      log: smtpLog as never,
    });
    await smtp.send({
      to: 'y@example.com',
      subject: 'S',
      text: 'https://h.example/reset_password/def',
    });
    expect(JSON.stringify(smtpLog.info.mock.calls)).not.toContain('reset_password');
    await smtp.close();
  });
});

describe('APP_URL', () => {
  it('defaults to http://localhost:PORT and drops a trailing slash', () => {
    expect(parseEnv({ PORT: '4100' }, '/').appUrl).toBe('http://localhost:4100');
    expect(parseEnv({ APP_URL: 'https://desk.example.com/' }, '/').appUrl).toBe(
      'https://desk.example.com',
    );
    expect(() => parseEnv({ APP_URL: 'ftp://x' }, '/')).toThrow(/APP_URL/);
    expect(() => parseEnv({ DISPLAY_TIME_ZONE: 'Mars/Olympus' }, '/')).toThrow(/DISPLAY_TIME_ZONE/);
  });
});
