import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createAdmin, get, post, registerUser, useTestApp, expectErrorAnswer } from './helpers/test-app';

const ctx = useTestApp();

describe('admin guard and the marquee', () => {
  it('a non-admin token on an admin call gets 403', async () => {
    const user = await registerUser(ctx.app);
    const res = await post(ctx.app, '/api/admin/marque', { text: 'Hacked' }, user.token);
    expectErrorAnswer(res, 403, 'Your account may not do this. If your work needs it, ask the site’s owner.', 'FORBIDDEN');
  });

  it('a guest on an admin call gets 401, before the body is even looked at', async () => {
    const res = await post(ctx.app, '/api/admin/marque', { text: 'x', junk: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('GET /marque is public and empty until an admin sets it; setting it writes an audit entry', async () => {
    const initial = await get(ctx.app, '/api/marque');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ message: null, data: { text: '' } });

    const admin = await createAdmin(ctx);
    const set = await post(
      ctx.app,
      '/api/admin/marque',
      { text: '  Diwali offer: 5% bonus  ' },
      admin.token,
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      message: expect.any(String),
      data: { text: 'Diwali offer: 5% bonus' },
    });

    expect((await get(ctx.app, '/api/marque')).json().data).toEqual({
      text: 'Diwali offer: 5% bonus',
    });

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'marque.update'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      objectType: 'setting',
      before: { text: '' },
      after: { text: 'Diwali offer: 5% bonus' },
      ip: '127.0.0.1',
    });
    expect(entries[0]!.actorId).toEqual(expect.any(Number));
  });

  it('the admin passport says type admin', async () => {
    const admin = await createAdmin(ctx);
    const res = await post(ctx.app, '/api/user/passport', undefined, admin.token);
    expect(res.json().data.type).toBe('admin');
  });

  it('marquee text over the limit is a 422 on "text"', async () => {
    const admin = await createAdmin(ctx);
    const res = await post(ctx.app, '/api/admin/marque', { text: 'x'.repeat(501) }, admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.text).toHaveLength(1);
  });
});
