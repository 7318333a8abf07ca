import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/modules/demo-seed';
import { createAdmin, get, registerUser, useTestApp } from './helpers/test-app';

// 'defaults': no money-limits row, so the database is as empty as a fresh installation's.
const ctx = useTestApp({}, { moneyLimits: 'defaults' });
beforeAll(async () => {
  await createAdmin(ctx);
  expect(await seedDemoData({ db: ctx.db, storage: ctx.app.storage, log: ctx.app.log })).toBe(
    'seeded',
  );
});

describe('demo seed: catalogue', () => {
  it('adds active catalogue items with generated logos, some with demo access', async () => {
    const guest = (await get(ctx.app, '/api/ids')).json().data as {
      name: string;
      website: string;
      logo_url: string;
      min_deposit: string;
      has_demo: boolean;
      demo_login: string | null;
    }[];
    expect(guest.length).toBeGreaterThanOrEqual(4);
    expect(guest.every((i) => /^https:\/\/[a-z-]+\.example\.com\/$/.test(i.website))).toBe(true);
    expect(guest.every((i) => /^\d+\.00$/.test(i.min_deposit))).toBe(true);
    expect(guest.filter((i) => i.has_demo).length).toBeGreaterThanOrEqual(2);
    expect(guest.every((i) => i.demo_login === null)).toBe(true);

    const logo = await get(ctx.app, guest[0]!.logo_url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');

    const user = await registerUser(ctx.app);
    const signedIn = (await get(ctx.app, '/api/ids', user.token)).json().data as {
      has_demo: boolean;
      demo_login: string | null;
    }[];
    expect(signedIn.filter((i) => i.has_demo).every((i) => typeof i.demo_login === 'string')).toBe(
      true,
    );
  });
});
