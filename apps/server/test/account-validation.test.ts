import { describe, expect, it } from 'vitest';
import {
  type ApiResponse,
  newUserDetails,
  post,
  registerUser,
  useTestApp,
} from './helpers/test-app';

const ctx = useTestApp();

/** A 422 whose top-level message is the first error of the named field. */
function expectFieldError(res: ApiResponse, field: string) {
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(body.code).toBe('VALIDATION');
  expect(body.data).toBeNull();
  const errors: Record<string, string[]> = body.errors ?? {};
  expect(errors[field]?.[0]).toEqual(expect.any(String));
  expect(body.message).toBe(Object.values(errors)[0]?.[0]);
  return { message: body.message, errors };
}

describe('account validation', () => {
  it('wrong password gives 422 on "login" with a message that does not reveal the account exists', async () => {
    const user = await registerUser(ctx.app);
    const wrong = await post(ctx.app, '/api/auth/login', {
      login: user.email,
      password: 'nope-nope-nope',
    });
    const wrongBody = expectFieldError(wrong, 'login');
    expect(wrongBody.message).toBe('These credentials do not match our records.');

    const unknown = await post(ctx.app, '/api/auth/login', {
      login: 'nobody-here@example.com',
      password: 'nope-nope-nope',
    });
    expect(expectFieldError(unknown, 'login')).toEqual(wrongBody);
  });

  it('duplicate email gives 422 on "email"', async () => {
    const first = await registerUser(ctx.app);
    const res = await post(
      ctx.app,
      '/api/auth/register',
      newUserDetails({ email: first.email.toUpperCase() }),
    );
    const body = expectFieldError(res, 'email');
    expect(body.message).toBe('The email has already been taken.');
    expect(body.errors.phone).toBeUndefined();
  });

  it('duplicate phone gives 422 on "phone"', async () => {
    const first = await registerUser(ctx.app);
    const spaced = first.phone.replace(/^(\+\d{2})(\d{5})/, '$1 $2 ');
    const res = await post(ctx.app, '/api/auth/register', newUserDetails({ phone: spaced }));
    const body = expectFieldError(res, 'phone');
    expect(body.message).toBe('The phone has already been taken.');
    expect(body.errors.email).toBeUndefined();
  });

  it('duplicate email on profile update gives 422 on "email"', async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    const res = await post(
      ctx.app,
      '/api/user/update',
      { name: second.name, email: first.email, phone: second.phone },
      second.token,
    );
    expectFieldError(res, 'email');
  });

  it('short password gives 422 on "password"', async () => {
    const res = await post(
      ctx.app,
      '/api/auth/register',
      newUserDetails({ password: 'short', password_confirmation: 'short' }),
    );
    expect(expectFieldError(res, 'password').message).toMatch(/at least 8 characters/);
  });

  it('mismatched confirmation gives 422 on "password_confirmation"', async () => {
    const res = await post(
      ctx.app,
      '/api/auth/register',
      newUserDetails({ password_confirmation: 'something else entirely' }),
    );
    expectFieldError(res, 'password_confirmation');

    const user = await registerUser(ctx.app);
    const change = await post(
      ctx.app,
      '/api/user/update/password',
      {
        current_password: user.password,
        password: 'new password 1',
        password_confirmation: 'new password 2',
      },
      user.token,
    );
    expectFieldError(change, 'password_confirmation');
  });

  it('wrong current password gives 422 on "current_password" and changes nothing', async () => {
    const user = await registerUser(ctx.app);
    const res = await post(
      ctx.app,
      '/api/user/update/password',
      {
        current_password: 'not my password',
        password: 'new password 1',
        password_confirmation: 'new password 1',
      },
      user.token,
    );
    expectFieldError(res, 'current_password');
    const login = await post(ctx.app, '/api/auth/login', {
      login: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('missing fields are named, one entry per field', async () => {
    const res = await post(ctx.app, '/api/auth/register', { name: 'Only Name' });
    const body = expectFieldError(res, 'email');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['email', 'password', 'password_confirmation', 'phone'].sort(),
    );
    expect(body.errors.email).toEqual(['The email field is required.']);
  });

  it('unknown fields give 422 naming each field', async () => {
    const res = await post(ctx.app, '/api/auth/login', {
      login: 'someone@example.com',
      password: 'whatever-123',
      is_admin: true,
    });
    const body = expectFieldError(res, 'is_admin');
    expect(body.message).toBe('The is_admin field is not allowed.');

    const user = await registerUser(ctx.app);
    const update = await post(
      ctx.app,
      '/api/user/update',
      { name: user.name, email: user.email, phone: user.phone, type: 'admin' },
      user.token,
    );
    expectFieldError(update, 'type');
  });

  it('a body that is not an object is a 422 on "body"', async () => {
    const res = await post(ctx.app, '/api/auth/login', [1, 2, 3]);
    expectFieldError(res, 'body');
    const empty = await post(ctx.app, '/api/auth/login');
    expectFieldError(empty, 'body');
  });
});
