import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, sessions, users } from '../src/db/schema';
import { SEALED } from '../src/modules/app-key';
import { openSecret } from '../src/lib/secret-box';
import {
  createStaffMember,
  enrolSecondFactor,
  get,
  post,
  registerUser,
  signIn,
  totpCode,
  useTestApp,
} from './helpers/test-app';

/** Issue 15: staff roles, staff management and the second factor, on a server that requires it. */
const clock = { now: new Date() };
const now = () => clock.now;
const later = (seconds: number) => {
  clock.now = new Date(clock.now.getTime() + seconds * 1000);
};
const ctx = useTestApp(
  { STAFF_SECOND_FACTOR: 'required', RATE_LIMIT_AUTH_ACCOUNT_MAX: '6' },
  { now },
);

async function login(identity: { email: string; password: string }) {
  return post(ctx.app, '/api/auth/login', { login: identity.email, password: identity.password });
}

describe('a staff member without a second factor', () => {
  it('signs in, is told to enrol, gets 403 SECOND_FACTOR_REQUIRED on admin calls until enrolled', async () => {
    const staff = await createStaffMember(ctx, 'owner', { secondFactor: false, now });
    const passport = await post(ctx.app, '/api/user/passport', undefined, staff.token);
    expect(passport.json().data).toMatchObject({
      type: 'admin',
      role: 'owner',
      second_factor: false,
      second_factor_enrolment_required: true,
    });
    const before = await get(ctx.app, '/api/admin/stats', staff.token);
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('SECOND_FACTOR_REQUIRED');

    const setup = await post(ctx.app, '/api/second_factor/setup', undefined, staff.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json().data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/ID%20Desk:.+secret=/);
    // Not on yet: a wrong code does not turn it on.
    const wrong = await post(
      ctx.app,
      '/api/second_factor/enable',
      { code: '000000' === totpCode(secret, clock.now) ? '111111' : '000000' },
      staff.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect((await get(ctx.app, '/api/admin/stats', staff.token)).statusCode).toBe(403);

    const enabled = await post(
      ctx.app,
      '/api/second_factor/enable',
      { code: totpCode(secret, clock.now) },
      staff.token,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes: string[] = enabled.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await get(ctx.app, '/api/admin/stats', staff.token)).statusCode).toBe(200);

    // The secret is sealed with the app key; the recovery codes are stored hashed.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.totpSecretSealed).not.toContain(secret);
    expect(openSecret(ctx.config.appKey, SEALED.totpSecret, row!.totpSecretSealed!)).toBe(secret);
    const stored = await ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, staff.id));
    expect(stored).toHaveLength(10);
    expect(
      stored.some((r) =>
        codes.some((c) => r.codeHash.includes(c) || r.codeHash.includes(c.replace('-', ''))),
      ),
    ).toBe(false);
  });
});

describe('signing in with a second factor', () => {
  it('the password gives a challenge, not a token; the challenge and a code give the token', async () => {
    const staff = await createStaffMember(ctx, 'cashier', { secondFactor: true, now });
    later(60);
    const first = await login(staff);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      second_factor_required: true,
      challenge: expect.any(String),
    });
    expect(first.json().data.api_token).toBeUndefined();
    const challenge = first.json().data.challenge;

    const bad = await post(ctx.app, '/api/auth/second_factor', { challenge, code: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.code).toEqual(['The code is not valid.']);

    const code = totpCode(staff.secret!, clock.now);
    const ok = await post(ctx.app, '/api/auth/second_factor', { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ api_token: expect.any(String), type: 'admin' });
    expect((await get(ctx.app, '/api/admin/bills', ok.json().data.api_token)).statusCode).toBe(200);

    // The same code does not work twice, even with a fresh challenge.
    const again = await login(staff);
    const replay = await post(ctx.app, '/api/auth/second_factor', {
      challenge: again.json().data.challenge,
      code,
    });
    expect(replay.statusCode).toBe(422);
    // The next time step's code does.
    later(30);
    const next = await post(ctx.app, '/api/auth/second_factor', {
      challenge: again.json().data.challenge,
      code: totpCode(staff.secret!, clock.now),
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('a recovery code signs in once; a challenge expires after five minutes and cannot be forged', async () => {
    const staff = await createStaffMember(ctx, 'support', { secondFactor: true, now });
    const [code] = staff.recoveryCodes;
    const challenge = (await login(staff)).json().data.challenge as string;
    const ok = await post(ctx.app, '/api/auth/second_factor', {
      challenge,
      code: code!.toUpperCase(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await post(ctx.app, '/api/auth/second_factor', { challenge, code });
    expect(twice.statusCode).toBe(422);

    const old = (await login(staff)).json().data.challenge as string;
    later(5 * 60 + 1);
    const expired = await post(ctx.app, '/api/auth/second_factor', {
      challenge: old,
      code: staff.recoveryCodes[1],
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code).toEqual(['This sign-in has expired. Please sign in again.']);

    const forged = Buffer.from(JSON.stringify({ u: staff.id, x: Date.now() + 60_000 })).toString(
      'base64url',
    );
    const refused = await post(ctx.app, '/api/auth/second_factor', {
      challenge: forged,
      code: staff.recoveryCodes[1],
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('turning it off', () => {
  it('a customer may, with a current or recovery code; a staff member may not while required', async () => {
    const customer = await registerUser(ctx.app);
    const { recoveryCodes: codes } = await enrolSecondFactor(ctx.app, customer.token, now);
    const passport = await post(ctx.app, '/api/user/passport', undefined, customer.token);
    expect(passport.json().data).toMatchObject({
      role: null,
      second_factor: true,
      second_factor_enrolment_required: false,
    });
    expect(
      (await post(ctx.app, '/api/second_factor/disable', { code: 'nope' }, customer.token))
        .statusCode,
    ).toBe(422);
    const off = await post(
      ctx.app,
      '/api/second_factor/disable',
      { code: codes[0] },
      customer.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const direct = await login(customer);
    expect(direct.json().data.api_token).toEqual(expect.any(String));

    const staff = await createStaffMember(ctx, 'cashier', { secondFactor: true, now });
    const refused = await post(
      ctx.app,
      '/api/second_factor/disable',
      { code: staff.recoveryCodes[0] },
      staff.token,
    );
    expect(refused.statusCode).toBe(409);
  });

  it('turning it on or off ends the account’s other sessions, not the one that changed it', async () => {
    const customer = await registerUser(ctx.app);
    const phone = await signIn(ctx.app, customer.email, customer.password);
    const { recoveryCodes: codes } = await enrolSecondFactor(ctx.app, customer.token, now);
    expect((await post(ctx.app, '/api/user/passport', undefined, phone)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/user/passport', undefined, customer.token)).statusCode).toBe(200);

    const laptop = await signIn(ctx.app, customer.email, customer.password, () => codes[0]!);
    const off = await post(ctx.app, '/api/second_factor/disable', { code: codes[1] }, customer.token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await post(ctx.app, '/api/user/passport', undefined, laptop)).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/user/passport', undefined, customer.token)).statusCode).toBe(200);
  });
});

describe('staff management (owners)', () => {
  it('an owner creates a cashier, who enrols at first sign-in and then works as a cashier only', async () => {
    const owner = await createStaffMember(ctx, 'owner', { secondFactor: true, now });
    const created = await post(
      ctx.app,
      '/api/admin/staff/create',
      {
        name: 'New Cashier',
        email: 'cashier-new@example.com',
        phone: '+911234500001',
        password: 'cashier password',
        role: 'cashier',
      },
      owner.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      role: 'cashier',
      second_factor: false,
      is_disabled: false,
    });
    const id = created.json().data.id as number;

    const list = await get(ctx.app, '/api/admin/staff', owner.token);
    expect(list.json().data.items.map((s: { id: number }) => s.id)).toContain(id);

    const first = await signIn(ctx.app, 'cashier-new@example.com', 'cashier password');
    expect((await get(ctx.app, '/api/admin/bills', first)).json().code).toBe(
      'SECOND_FACTOR_REQUIRED',
    );
    const { recoveryCodes: codes } = await enrolSecondFactor(ctx.app, first, now);
    expect((await get(ctx.app, '/api/admin/bills', first)).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/admin/staff', first)).statusCode).toBe(403);
    expect(
      (
        await post(
          ctx.app,
          '/api/admin/deposit/create',
          { user_id: owner.id, amount: '1', comment: 'x' },
          first,
        )
      ).statusCode,
    ).toBe(403);

    // Promoted: the same session may now manage staff.
    const promoted = await post(
      ctx.app,
      `/api/admin/staff/${id}/edit`,
      { role: 'owner' },
      owner.token,
    );
    expect(promoted.json().data.role).toBe('owner');
    expect((await get(ctx.app, '/api/admin/staff', first)).statusCode).toBe(200);
    await post(ctx.app, `/api/admin/staff/${id}/edit`, { role: 'cashier' }, owner.token);

    // Reset: the factor is gone, sessions end, and the next sign-in enrols again.
    const reset = await post(
      ctx.app,
      `/api/admin/staff/${id}/reset_second_factor`,
      undefined,
      owner.token,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.second_factor).toBe(false);
    expect((await post(ctx.app, '/api/user/passport', undefined, first)).statusCode).toBe(401);
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))).toEqual(
      [],
    );
    const again = await signIn(ctx.app, 'cashier-new@example.com', 'cashier password');
    expect((await get(ctx.app, '/api/admin/bills', again)).json().code).toBe(
      'SECOND_FACTOR_REQUIRED',
    );
    expect(codes).toHaveLength(10);

    // Disabled: sessions end and the password no longer signs in.
    const disabled = await post(ctx.app, `/api/admin/staff/${id}/disable`, undefined, owner.token);
    expect(disabled.json().data.is_disabled).toBe(true);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(
      (await login({ email: 'cashier-new@example.com', password: 'cashier password' })).statusCode,
    ).toBe(422);
    expect(
      (await post(ctx.app, `/api/admin/staff/${id}/enable`, undefined, owner.token)).json().data
        .is_disabled,
    ).toBe(false);

    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, String(id)), eq(auditLog.actorId, owner.id)));
    expect(actions.map((a) => a.action)).toEqual([
      'staff.create',
      'staff.role',
      'staff.role',
      'staff.reset_second_factor',
      'staff.disable',
      'staff.enable',
    ]);
  });

  it('never on oneself, and only on staff accounts', async () => {
    const owner = await createStaffMember(ctx, 'owner', { secondFactor: true, now });
    for (const path of ['edit', 'disable', 'reset_second_factor']) {
      const res = await post(
        ctx.app,
        `/api/admin/staff/${owner.id}/${path}`,
        path === 'edit' ? { role: 'support' } : undefined,
        owner.token,
      );
      expect(res.statusCode, path).toBe(409);
    }
    const customer = await registerUser(ctx.app);
    const [row] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, customer.email));
    expect(
      (await post(ctx.app, `/api/admin/staff/${row!.id}/disable`, undefined, owner.token))
        .statusCode,
    ).toBe(404);
  });
});
