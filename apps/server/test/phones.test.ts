import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { migrationsFolder } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { insertUser } from '../src/modules/users/repository';
import { createStaffMember, newUserDetails, post, useTestApp } from './helpers/test-app';

/**
 * Issue 17 item 10: phones are stored one way (Indian numbers "+91" and ten digits, others
 * "+<digits>"), whatever spelling is typed — on register, profile, staff forms and sign-in —
 * and the money_rules migration tidies those stored before.
 */
const ctx = useTestApp();

const phoneOf = async (email: string) =>
  (await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.email, email)))[0]!.phone;

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);

describe('phones stored one way', () => {
  it('register stores any spelling as +91 and ten digits; login finds the account by every common spelling', async () => {
    const ten = `98${unique()}`;
    const details = newUserDetails({ phone: `${ten.slice(0, 5)} ${ten.slice(5)}` });
    expect((await post(ctx.app, '/api/auth/register', details)).statusCode).toBe(200);
    expect(await phoneOf(details.email)).toBe(`+91${ten}`);

    for (const login of [ten, `${ten.slice(0, 5)} ${ten.slice(5)}`, `0${ten.slice(0, 5)}-${ten.slice(5)}`, `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`, `91${ten}`]) {
      const res = await post(ctx.app, '/api/auth/login', { login, password: details.password });
      expect(res.statusCode, `${login}: ${res.body}`).toBe(200);
    }
  });

  it('another spelling of a taken phone is taken too (422 on phone)', async () => {
    const ten = `97${unique()}`;
    expect((await post(ctx.app, '/api/auth/register', newUserDetails({ phone: `+91${ten}` }))).statusCode).toBe(200);
    const again = await post(ctx.app, '/api/auth/register', newUserDetails({ phone: `0${ten}` }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.phone).toEqual(['The phone has already been taken.']);
  });

  it('a number we cannot store one way is refused, saying how to write it', async () => {
    const res = await post(ctx.app, '/api/auth/register', newUserDetails({ phone: '12345678' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.phone[0]).toMatch(/10-digit mobile number, or the number with its country code/);
  });

  it('profile update and the owner’s staff form store the normal form too', async () => {
    const details = newUserDetails();
    const token = (await post(ctx.app, '/api/auth/register', details)).json().data.api_token as string;
    const ten = `96${unique()}`;
    const updated = await post(ctx.app, '/api/user/update', { name: details.name, email: details.email, phone: `0${ten}` }, token);
    expect(updated.json().data.phone).toBe(`+91${ten}`);

    const owner = await createStaffMember(ctx, 'owner', { secondFactor: false });
    const staffTen = `95${unique()}`;
    const staff = newUserDetails();
    const created = await post(
      ctx.app,
      '/api/admin/staff/create',
      { name: 'New Cashier', email: staff.email, phone: `91${staffTen}`, password: staff.password, role: 'cashier' },
      owner.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await phoneOf(staff.email)).toBe(`+91${staffTen}`);
  });
});

describe('the money_rules migration: stored phones normalised', () => {
  /** The migration's hand-written phone step, run again over rows written the old way. */
  const phoneStep = () => {
    // Found by name, not number: migrations are renumbered when branches meet.
    const name = readdirSync(migrationsFolder()).find((f) => f.endsWith('_money_rules.sql'));
    if (!name) throw new Error('no *_money_rules.sql migration');
    const file = readFileSync(join(migrationsFolder(), name), 'utf8');
    const step = file.split('--> statement-breakpoint').find((s) => s.includes('DO $$'));
    if (!step) throw new Error(`${name} has no phone step`);
    return sql.raw(step);
  };

  it('rewrites mixed spellings, keeps a phone whose normal form is taken (audited), and fails on nothing', async () => {
    const tag = unique();
    const rows = [
      { key: 'plain', phone: `9${tag}1` }, // ten digits
      { key: 'trunk', phone: `08${tag}2` }, // 0 + ten digits
      { key: 'cc', phone: `918${tag}3` }, // 91 + ten digits
      { key: 'plus', phone: `+91 7${tag}4` },
      { key: 'foreign', phone: `+44 ${tag}55` },
      { key: 'older', phone: `+916${tag}6` }, // already normal…
      { key: 'clash', phone: `6${tag}6` }, // …and this one normalises onto it
      { key: 'odd', phone: '12345' }, // cannot be read: left alone
    ];
    const ids: Record<string, number> = {};
    for (const row of rows) {
      const user = await insertUser(ctx.db, {
        name: `Old ${row.key}`,
        email: `old-${row.key}-${tag}@example.com`,
        phone: row.phone,
        passwordHash: await hashPassword('correct horse battery'),
      });
      ids[row.key] = user.id;
    }

    await ctx.db.execute(phoneStep());

    const after = Object.fromEntries(
      (await ctx.db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, Object.values(ids)))).map(
        (u) => [u.id, u.phone],
      ),
    );
    expect(after[ids.plain!]).toBe(`+919${tag}1`);
    expect(after[ids.trunk!]).toBe(`+918${tag}2`);
    expect(after[ids.cc!]).toBe(`+918${tag}3`);
    expect(after[ids.plus!]).toBe(`+917${tag}4`);
    expect(after[ids.foreign!]).toBe(`+44${tag}55`);
    expect(after[ids.older!]).toBe(`+916${tag}6`);
    expect(after[ids.clash!]).toBe(`6${tag}6`);
    expect(after[ids.odd!]).toBe('12345');

    const entries = await ctx.db.select().from(auditLog).where(inArray(auditLog.objectId, Object.values(ids).map(String)));
    const kept = entries.filter((e) => e.action === 'user.phone_kept');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ actorId: null, objectId: String(ids.clash), after: { phone: `6${tag}6`, normal_form_taken: `+916${tag}6` } });
    expect(entries.filter((e) => e.action === 'user.phone_normalised')).toHaveLength(5);

    // Run again: nothing left to change, nothing fails.
    await ctx.db.execute(phoneStep());
    const second = await ctx.db.select().from(auditLog).where(inArray(auditLog.objectId, Object.values(ids).map(String)));
    expect(second.filter((e) => e.action === 'user.phone_normalised')).toHaveLength(5);
  });
});
