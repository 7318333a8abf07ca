import { describe, expect, it } from 'vitest';
import { customer, customerWith } from './helpers/ids-fixtures';
import { createAdmin, get, post, postKeyed, useTestApp } from './helpers/test-app';
import { WITH_AND_WITHOUT_KEY } from './helpers/wallet-fixtures';
import { randomUUID } from 'node:crypto';

/**
 * A server reads its own writes (decision 034): the answer to a write goes out once this
 * server's change feed has heard the signals its commit sent (plugins/app/db.ts), so the next
 * call, served from the session cache or the public cache, sees the change. No repository
 * signals anything itself. On PostgreSQL a signal is a NOTIFY that comes back over the
 * listening connection; each case runs its change and the read right after, several times.
 */
const ctx = useTestApp();
const ROUNDS = 5;

describe('a server reads its own writes', () => {
  it.each(WITH_AND_WITHOUT_KEY)('a customer who has just withdrawn sees the new balance on their next passport ($name)', async ({ withdraw }) => {
    const admin = await createAdmin(ctx);
    const user = await customerWith(ctx, admin.token, '100');
    // The caller is in this server's memory from here on.
    expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).json().data.balance).toBe('100.00');
    for (let round = 1; round <= ROUNDS; round += 1) {
      expect((await withdraw(ctx.app, user.token, '1')).statusCode).toBe(200);
      const passport = await post(ctx.app, '/api/user/passport', undefined, user.token);
      expect(passport.json().data.balance).toBe(`${100 - round}.00`);
    }
  });

  it('staff crediting a balance by hand: the customer sees it on their next passport', async () => {
    const admin = await createAdmin(ctx);
    const user = await customer(ctx);
    expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).json().data.balance).toBe('0.00');
    for (let round = 1; round <= ROUNDS; round += 1) {
      const credit = await postKeyed(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount: '2', comment: 'Goodwill' }, admin.token, randomUUID());
      expect(credit.statusCode, credit.body).toBe(200);
      expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).json().data.balance).toBe(`${2 * round}.00`);
    }
  });

  it('a signed-out token is refused on the next call', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await customer(ctx);
      expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).statusCode).toBe(200);
      expect((await post(ctx.app, '/api/auth/logout', undefined, user.token)).statusCode).toBe(200);
      expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).statusCode).toBe(401);
    }
  });

  it('a customer blocked by staff (a GET that writes) is refused on their next call', async () => {
    const admin = await createAdmin(ctx);
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await customer(ctx);
      expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).statusCode).toBe(200);
      expect((await get(ctx.app, `/api/admin/users/${user.id}/block`, admin.token)).statusCode).toBe(200);
      expect((await post(ctx.app, '/api/user/passport', undefined, user.token)).json().code).toBe('ACCOUNT_BLOCKED');
    }
  });

  it('a site setting saved by staff shows in the next public read', async () => {
    const admin = await createAdmin(ctx);
    for (let round = 0; round < ROUNDS; round += 1) {
      const { money_limits: _limits, display_time_zone: _zone, ...text } = (await get(ctx.app, '/api/settings')).json().data;
      const name = `Desk ${randomUUID().slice(0, 8)}`;
      const saved = await post(ctx.app, '/api/admin/settings', { ...text, site_name: name }, admin.token);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await get(ctx.app, '/api/settings')).json().data.site_name).toBe(name);
    }
  });
});
