import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords';
import { insertUser } from '../src/modules/users/repository';
import { approveId, createFromWallet, createItem, LOGIN, PASSWORD } from './helpers/ids-fixtures';
import { resetTokenIn, startSmtpInbox } from './helpers/smtp-inbox';
import { createTestApp, get, newUserDetails, post, type TestContext } from './helpers/test-app';
import { deposit, userIdOf } from './helpers/wallet-fixtures';

/** Every line the app logs, at the most talkative level, kept in memory. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  ctx = await createTestApp(
    { LOG_LEVEL: 'trace', SMTP_URL: inbox.url, APP_URL: 'https://desk.example.com/' },
    { logStream: capture },
  );
});
afterAll(async () => {
  await ctx?.close();
  await inbox?.close();
});

describe('logs', () => {
  it('never contain an api_token, a password, a reset token or an ID credential', async () => {
    const secrets: string[] = [LOGIN, PASSWORD];
    const app = ctx.app;

    // An admin (inserted; there is no admin sign-up) who signs in.
    const adminDetails = newUserDetails({ password: 'admin pass phrase 913', password_confirmation: 'admin pass phrase 913' });
    await insertUser(ctx.db, {
      name: 'Log Admin',
      email: adminDetails.email,
      phone: adminDetails.phone,
      passwordHash: await hashPassword(adminDetails.password),
      type: 'admin',
    });
    const adminLogin = await post(app, '/api/auth/login', { login: adminDetails.email, password: adminDetails.password });
    expect(adminLogin.statusCode).toBe(200);
    const adminToken = adminLogin.json().data.api_token as string;
    secrets.push(adminDetails.password, adminToken);

    // Register, sign in, passport, a failed sign-in, a password change.
    const user = newUserDetails({ password: 'first secret words 271', password_confirmation: 'first secret words 271' });
    const registered = await post(app, '/api/auth/register', user);
    expect(registered.statusCode, registered.body).toBe(200);
    const registerToken = registered.json().data.api_token as string;
    const signedIn = await post(app, '/api/auth/login', { login: user.email, password: user.password });
    const token = signedIn.json().data.api_token as string;
    secrets.push(user.password, registerToken, token);
    expect((await post(app, '/api/user/passport', undefined, token)).statusCode).toBe(200);
    const wrong = 'wrong guess words 555';
    secrets.push(wrong);
    expect((await post(app, '/api/auth/login', { login: user.email, password: wrong })).statusCode).toBe(422);
    const second = 'second secret words 828';
    secrets.push(second);
    const changed = await post(
      app,
      '/api/user/update/password',
      { current_password: user.password, password: second, password_confirmation: second },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);

    // An ID approved with credentials, then read back by its owner.
    const userId = await userIdOf(ctx, user.email);
    await deposit(app, adminToken, userId, '2000');
    const item = await createItem(app, adminToken, { demo_password: 'demo-secret-448' });
    secrets.push('demo-secret-448');
    const session = (await post(app, '/api/auth/login', { login: user.email, password: second })).json().data.api_token as string;
    secrets.push(session);
    const created = await createFromWallet(app, session, item.id, '500');
    expect(created.statusCode, created.body).toBe(200);
    const approved = await approveId(app, adminToken, created.json().data.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await get(app, `/api/user_ids/${created.json().data.id}`, session)).statusCode).toBe(200);

    // Forgot password, through the mail, to a new password.
    const before = inbox.received.length;
    expect((await post(app, '/api/update/password/create', { email: user.email })).statusCode).toBe(200);
    const { token: resetToken } = resetTokenIn((await inbox.waitFor(before + 1))[before]!);
    const third = 'third secret words 606';
    secrets.push(resetToken, third);
    // Opening the link in the mail is a page request whose URL holds the token.
    await app.inject({ method: 'GET', url: `/reset_password/${resetToken}` });
    expect((await post(app, '/api/update/password/check', { token: resetToken })).statusCode).toBe(200);
    const reset = await post(app, '/api/update/password/set', { token: resetToken, password: third, password_confirmation: third });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset ended every session; sign in with the new password and out again.
    const last = (await post(app, '/api/auth/login', { login: user.email, password: third })).json().data.api_token as string;
    secrets.push(last);
    expect((await post(app, '/api/auth/logout', undefined, last)).statusCode).toBe(200);

    expect(lines.length).toBeGreaterThan(20); // the capture works: requests were logged
    const leaks = lines.flatMap((line) => secrets.filter((s) => line.includes(s)).map((s) => `${s} in ${line.slice(0, 200)}`));
    expect(leaks).toEqual([]);
    console.info(`no secrets in logs: ${secrets.length} secrets × ${lines.length} log lines`);
  });

  it('issue 15 finding 1: opening a reset link logs no token, only [redacted]', async () => {
    const token = 'LiveResetToken_abcdefghijklmnopqrstuvwxyz0123';
    const before = lines.length;
    await ctx.app.inject({ method: 'GET', url: `/reset_password/${token}` });
    await ctx.app.inject({ method: 'GET', url: `/reset_password/${token}?from=mail` });
    await ctx.app.inject({ method: 'GET', url: `/api/reset_password/${token}` });
    await ctx.app.inject({ method: 'GET', url: `/login?token=${token}` });
    const logged = lines.slice(before);
    expect(logged.some((line) => line.includes('/reset_password/[redacted]'))).toBe(true);
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
  });

  it('issue 51 finding 7: a reset link spelled another way logs no token either', async () => {
    const token = 'OtherSpellingToken_abcdefghijklmnopqrstuvwxyz01';
    const before = lines.length;
    const urls = [
      `/%72eset_password/${token}`,
      `//reset_password/${token}`,
      `/reset_password//${token}`,
      `/api//reset_password/${token}`,
      `/%2572eset_password/${token}?from=mail`,
      `/./reset_password/${token}`,
    ];
    for (const url of urls) await ctx.app.inject({ method: 'GET', url });
    const logged = lines.slice(before);
    // Every request was logged (one line each at least), and none with the token.
    expect(logged.filter((line) => line.includes('request completed')).length).toBeGreaterThanOrEqual(urls.length);
    expect(logged.filter((line) => line.includes(token) || line.includes(token.slice(1)))).toEqual([]);
  });
});
