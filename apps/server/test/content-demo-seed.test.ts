import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  catalogueItems,
  mediaItems,
  paymentTypes,
  reviews,
  settings,
  uploads,
  users,
} from '../src/db/schema';
import { seedDemoData } from '../src/modules/demo-seed';
import {
  createAdmin,
  createTestApp,
  get,
  post,
  registerUser,
  type TestContext,
} from './helpers/test-app';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const deps = (c: TestContext) => ({ db: c.db, storage: c.app.storage, log: c.app.log });

async function counts(c: TestContext) {
  return {
    users: await c.db.$count(users),
    reviews: await c.db.$count(reviews),
    media: await c.db.$count(mediaItems),
    catalogue: await c.db.$count(catalogueItems),
    paymentTypes: await c.db.$count(paymentTypes),
    uploads: await c.db.$count(uploads),
    settings: await c.db.$count(settings),
  };
}

// 'defaults': no money-limits row, so the database is as empty as a fresh installation's.
describe('demo seed', () => {
  it('fills an empty database (the bootstrap admin aside) once, and never again', async () => {
    ctx = await createTestApp({}, { moneyLimits: 'defaults' });
    await createAdmin(ctx);
    expect(await seedDemoData(deps(ctx))).toBe('seeded');

    const after = await counts(ctx);
    expect(after.reviews).toBeGreaterThanOrEqual(5);
    expect(after.media).toBeGreaterThanOrEqual(3);
    expect(after.uploads).toBe(after.media + after.catalogue);
    expect(after.paymentTypes).toBeGreaterThanOrEqual(1);

    const site = (await get(ctx.app, '/api/settings')).json().data;
    expect(site.whatsapp).toMatch(/^\d{7,15}$/);
    expect(site.terms_text.length).toBeGreaterThan(50);
    expect((await get(ctx.app, '/api/marque')).json().data.text.length).toBeGreaterThan(1);
    const list = (await get(ctx.app, '/api/reviews')).json().data;
    expect(list.average_rating).toBeGreaterThan(4);

    // The generated images are real, public files.
    const media = (await get(ctx.app, '/api/media')).json().data;
    const file = await get(ctx.app, media[0].image_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    // Nobody can sign in as a demo customer.
    const login = await post(ctx.app, '/api/auth/login', {
      login: 'priya.demo@iddesk.invalid',
      password: 'password',
    });
    expect(login.statusCode).toBe(422);

    // A second start (even after the demo data was deleted) does nothing.
    expect(await seedDemoData(deps(ctx))).toBe('already-seeded');
    expect(await counts(ctx)).toEqual(after);
    await ctx.db.delete(reviews);
    expect(await seedDemoData(deps(ctx))).toBe('already-seeded');
    expect(await ctx.db.$count(reviews)).toBe(0);
  });

  it('issue 56: the demo reviewers are not counted as new customers; a real customer is', async () => {
    ctx = await createTestApp({}, { moneyLimits: 'defaults' });
    const admin = await createAdmin(ctx);
    expect(await seedDemoData(deps(ctx))).toBe('seeded');
    const newCustomers = async () => {
      const res = await get(ctx!.app, '/api/admin/dashboard', admin.token);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return [data.today.new_customers, data.last_7_days.new_customers];
    };
    // Four demo reviewers and a staff member exist; none of them is a customer.
    expect(await newCustomers()).toEqual([0, 0]);
    await registerUser(ctx.app);
    expect(await newCustomers()).toEqual([1, 1]);
  });

  it('issue 56: the dashboard names the demo payees customers are shown, until they are replaced or off', async () => {
    ctx = await createTestApp({}, { moneyLimits: 'defaults' });
    const admin = await createAdmin(ctx);
    const demoPayees = async () =>
      (await get(ctx!.app, '/api/admin/dashboard', admin.token)).json().data.demo_payment_types as { id: number; name: string }[];
    expect(await demoPayees()).toEqual([]);
    expect(await seedDemoData(deps(ctx))).toBe('seeded');
    const listed = await demoPayees();
    expect(listed.map((p) => p.name)).toEqual(['UPI (demo — replace before going live)', 'Bank transfer (demo)']);
    for (const payee of listed) {
      const off = await post(ctx.app, `/api/admin/payment_types/${payee.id}/deactivate`, undefined, admin.token);
      expect(off.statusCode, off.body).toBe(200);
    }
    expect(await demoPayees()).toEqual([]);
  });

  it('never touches a database that has a customer', async () => {
    ctx = await createTestApp({}, { moneyLimits: 'defaults' });
    await registerUser(ctx.app);
    const before = await counts(ctx);
    expect(await seedDemoData(deps(ctx))).toBe('has-data');
    expect(await counts(ctx)).toEqual(before);
    expect(before.settings).toBe(0);
  });

  it('never touches a database whose admin already configured something', async () => {
    ctx = await createTestApp({}, { moneyLimits: 'defaults' });
    const admin = await createAdmin(ctx);
    await post(ctx.app, '/api/admin/marque', { text: 'Our own news' }, admin.token);
    const before = await counts(ctx);
    expect(await seedDemoData(deps(ctx))).toBe('has-data');
    expect(await counts(ctx)).toEqual(before);
    expect((await get(ctx.app, '/api/marque')).json().data.text).toBe('Our own news');
  });

  it('two servers starting together seed once', async () => {
    ctx = await createTestApp({}, { moneyLimits: 'defaults' });
    const results = await Promise.all([seedDemoData(deps(ctx)), seedDemoData(deps(ctx))]);
    expect(results.sort()).toEqual(['already-seeded', 'seeded']);
    const after = await counts(ctx);
    // The loser's generated files were removed again: one file on disk per upload row.
    expect(after.uploads).toBe(after.media + after.catalogue);
    const files = readdirSync(join(ctx.config.dataDir, 'uploads', 'public'));
    expect(files).toHaveLength(after.uploads);
  });
});
