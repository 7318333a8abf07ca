import { describe, expect, it } from 'vitest';
import { newUserDetails, post, registerUser, useTestApp, expectErrorAnswer } from './helpers/test-app';

const ctx = useTestApp();

describe('accounts', () => {
  it('register → login → passport → update → change password: current token stays valid, other sessions are revoked', async () => {
    const { app } = ctx;
    const details = newUserDetails({ email: 'Journey@Example.com', phone: '+91 90000 11111' });

    const registered = await post(app, '/api/auth/register', details);
    expect(registered.statusCode).toBe(200);
    const registerBody = registered.json();
    expect(registerBody.message).toBeTypeOf('string');
    expect(registerBody.data).toEqual({ api_token: expect.any(String), type: 'user' });
    const registerToken: string = registerBody.data.api_token;
    expect(Buffer.from(registerToken, 'base64url')).toHaveLength(32);

    // Email is matched case-insensitively, phone with its punctuation ignored.
    const byEmail = await post(app, '/api/auth/login', {
      login: 'JOURNEY@example.com',
      password: details.password,
    });
    expect(byEmail.statusCode).toBe(200);
    const current: string = byEmail.json().data.api_token;
    const byPhone = await post(app, '/api/auth/login', {
      login: '+91-90000-11111',
      password: details.password,
    });
    expect(byPhone.statusCode).toBe(200);
    const other: string = byPhone.json().data.api_token;
    expect(new Set([registerToken, current, other]).size).toBe(3);

    const passport = await post(app, '/api/user/passport', undefined, current);
    expect(passport.statusCode).toBe(200);
    expect(passport.json()).toEqual({
      message: null,
      data: {
        id: expect.any(Number),
        name: details.name,
        email: 'journey@example.com',
        phone: '+919000011111',
        type: 'user',
        role: null,
        second_factor: false,
        second_factor_enrolment_required: false,
        locale: 'en',
        balance: '0.00',
        is_blocked: false,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });

    const updated = await post(
      app,
      '/api/user/update',
      { name: 'Renamed Person', email: 'renamed@example.com', phone: '+91 90000 22222' },
      current,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Renamed Person',
      email: 'renamed@example.com',
      phone: '+919000022222',
    });

    const changed = await post(
      app,
      '/api/user/update/password',
      {
        current_password: details.password,
        password: 'a brand new secret',
        password_confirmation: 'a brand new secret',
      },
      current,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: expect.any(String), data: null });

    // The token that changed the password keeps working…
    expect((await post(app, '/api/user/passport', undefined, current)).statusCode).toBe(200);
    // …every other session of the user is gone.
    for (const revoked of [registerToken, other]) {
      const res = await post(app, '/api/user/passport', undefined, revoked);
      expectErrorAnswer(res, 401, 'You are not signed in, or your session has ended. Sign in again.', 'UNAUTHENTICATED');
    }

    // Old password no longer works, the new one does, with the updated email.
    const oldLogin = await post(app, '/api/auth/login', {
      login: 'renamed@example.com',
      password: details.password,
    });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await post(app, '/api/auth/login', {
      login: 'renamed@example.com',
      password: 'a brand new secret',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('logout revokes the token', async () => {
    const { app } = ctx;
    const user = await registerUser(app);
    const logout = await post(app, '/api/auth/logout', undefined, user.token);
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: expect.any(String), data: null });

    expect((await post(app, '/api/user/passport', undefined, user.token)).statusCode).toBe(401);
    expect((await post(app, '/api/auth/logout', undefined, user.token)).statusCode).toBe(401);
    expect((await post(app, '/api/user/exists', undefined, user.token)).json().data).toEqual({
      status: false,
    });
  });

  it('user/exists is true for a live token and false without one, never 401', async () => {
    const { app } = ctx;
    const user = await registerUser(app);
    const live = await post(app, '/api/user/exists', undefined, user.token);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ message: null, data: { status: true } });

    for (const token of [undefined, 'not-a-real-token-but-long-enough-1234']) {
      const res = await post(app, '/api/user/exists', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ status: false });
    }
  });

  it('calls that need a user answer 401 to guests and to malformed tokens', async () => {
    const { app } = ctx;
    for (const url of [
      '/api/user/passport',
      '/api/user/update',
      '/api/user/update/password',
      '/api/auth/logout',
    ]) {
      const guest = await post(app, url, {});
      expectErrorAnswer(guest, 401, 'You are not signed in, or your session has ended. Sign in again.', 'UNAUTHENTICATED', url);
      const junk = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expect(junk.statusCode, url).toBe(401);
    }
  });

  it('keeps the profile when only the name changes (own email and phone are not "taken")', async () => {
    const { app } = ctx;
    const user = await registerUser(app);
    const res = await post(
      app,
      '/api/user/update',
      { name: 'Only The Name', email: user.email, phone: user.phone },
      user.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Only The Name');
  });
});
