import { DEFAULT_MONEY_LIMITS, DEFAULT_SITE_SETTINGS } from '@iddesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { createAdmin, get, post, registerUser, useTestApp } from './helpers/test-app';

// Public settings carry the server's DISPLAY_TIME_ZONE and the money limits (issue 17).
const ZONE = 'Europe/London';
const ctx = useTestApp({ DISPLAY_TIME_ZONE: ZONE }, { moneyLimits: 'defaults' });
/** The public answer also carries the money limits (issue 17; money-limits.test.ts). */
const DEFAULTS = { ...DEFAULT_SITE_SETTINGS, money_limits: DEFAULT_MONEY_LIMITS, display_time_zone: ZONE };

const FULL = {
  site_name: 'Star IDs',
  contact_phone: '+91 90000 12345',
  whatsapp: '+91 90000-12345',
  telegram: '@star_ids',
  email: 'Desk@Star.example',
  instagram: 'https://instagram.com/star',
  facebook: 'https://facebook.com/star',
  youtube: 'https://youtube.com/@star',
  x: 'https://x.com/star',
  terms_text: 'First paragraph.\r\n\r\n<script>alert(1)</script>',
};

describe('site settings', () => {
  it('are public, with defaults before an admin saves anything', async () => {
    const res = await get(ctx.app, '/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: null, data: DEFAULTS });
  });

  it('a settings change by a non-admin is 403, by a guest 401', async () => {
    const user = await registerUser(ctx.app);
    const forbidden = await post(ctx.app, '/api/admin/settings', FULL, user.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await post(ctx.app, '/api/admin/settings', FULL)).statusCode).toBe(401);
    expect((await get(ctx.app, '/api/settings')).json().data).toEqual(DEFAULTS);
  });

  it('round-trip normalised, with an audit entry of what changed', async () => {
    const admin = await createAdmin(ctx);
    const res = await post(ctx.app, '/api/admin/settings', FULL, admin.token);
    expect(res.statusCode).toBe(200);
    const expected = {
      ...FULL,
      whatsapp: '919000012345',
      telegram: 'star_ids',
      email: 'desk@star.example',
      terms_text: 'First paragraph.\n\n<script>alert(1)</script>',
      money_limits: DEFAULT_MONEY_LIMITS,
    };
    expect(res.json().data).toEqual({ ...expected, display_time_zone: ZONE });
    expect((await get(ctx.app, '/api/settings')).json().data).toEqual({ ...expected, display_time_zone: ZONE });

    // Clearing one field and keeping the rest.
    const cleared = await post(ctx.app, '/api/admin/settings', { ...expected, x: '' }, admin.token);
    expect(cleared.json().data.x).toBe('');
    expect((await get(ctx.app, '/api/settings')).json().data).toEqual({ ...expected, x: '', display_time_zone: ZONE });

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(auditLog.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      before: { x: 'https://x.com/star' },
      after: { x: '' },
      ip: '127.0.0.1',
    });
  });

  it('bad values are a 422 naming each field; missing fields and unknown ones too', async () => {
    const admin = await createAdmin(ctx);
    const res = await post(
      ctx.app,
      '/api/admin/settings',
      {
        ...FULL,
        site_name: '',
        whatsapp: 'abc',
        email: 'nope',
        instagram: 'http://insecure.example',
      },
      admin.token,
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'email',
      'instagram',
      'site_name',
      'whatsapp',
    ]);

    const { terms_text: _omitted, ...partial } = FULL;
    const missing = await post(
      ctx.app,
      '/api/admin/settings',
      { ...partial, extra: 1 },
      admin.token,
    );
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['extra', 'terms_text']);
  });
});

describe('marque (top block)', () => {
  it('text round-trips unchanged, markup included: escaping is the client’s job', async () => {
    const admin = await createAdmin(ctx);
    const text = 'Big <b>news</b> & "offers" <script>x</script>';
    const set = await post(ctx.app, '/api/admin/marque', { text }, admin.token);
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ text });
    const read = await get(ctx.app, '/api/marque');
    expect(read.json().data.text).toBe(text);
    expect(read.json().data.text).toContain('<b>');
    expect(read.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a marque change by a non-admin is 403', async () => {
    const user = await registerUser(ctx.app);
    expect((await post(ctx.app, '/api/admin/marque', { text: 'x' }, user.token)).statusCode).toBe(
      403,
    );
  });
});
