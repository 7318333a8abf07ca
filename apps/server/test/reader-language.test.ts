import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, transactions } from '../src/db/schema';
import { migrationsFolder } from '../src/db/migrate';
import { createAdmin, post, registerUser, useTestApp } from './helpers/test-app';
import { userIdOf, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Issue 56 harm 4: ledger lines and notifications are written in the reader's language when
 * they are read, from the key and values each row keeps (docs/product.md#language), so one
 * list never mixes languages; rows from before their key was kept get it from migration 0036
 * when their text matches a message, and keep their text when it does not. Runs on PGlite and,
 * under scripts/with-postgres.mjs, on PostgreSQL.
 */

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const DEVANAGARI = /[\u0900-\u097F]/;

const ctx = useTestApp();

const read = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

const descriptions = async (token: string, headers: Record<string, string> = {}) =>
  ((await read('/api/transactions', token, headers)).json().data.items as { description: string }[]).map((r) => r.description);

const notices = async (token: string, headers: Record<string, string> = {}) =>
  ((await read('/api/notifications', token, headers)).json().data.items as { title: string; body: string }[]).map(
    (n) => `${n.title} / ${n.body}`,
  );

/** Migration 0036's backfill, as it runs on a database that has rows from before it. */
function backfill() {
  const name = readdirSync(migrationsFolder()).find((f) => f.startsWith('0036_'));
  if (!name) throw new Error('no 0036_ migration');
  const steps = readFileSync(join(migrationsFolder(), name), 'utf8')
    .split('--> statement-breakpoint')
    .filter((step) => step.includes('UPDATE'));
  if (steps.length === 0) throw new Error(`${name} has no backfill`);
  return steps.map((step) => sql.raw(step));
}

describe('one notification and one ledger line, read by a Hindi reader and an English one', () => {
  it('the same rows read in Hindi on a Hindi page and in English on an English one, the poll and the CSV too', async () => {
    const admin = await createAdmin(ctx);
    // An account whose language is English, read from a Hindi page: what it reads is Hindi.
    const user = await registerUser(ctx.app);
    const userId = await userIdOf(ctx, user.email);
    const credited = await post(ctx.app, '/api/admin/deposit/create', { user_id: userId, amount: '500', comment: 'welcome' }, admin.token);
    expect(credited.statusCode).toBe(200);
    expect((await withdrawUpi(ctx.app, user.token, '100')).statusCode).toBe(200);

    const hindiLines = await descriptions(user.token, HINDI);
    expect(hindiLines).toEqual([expect.stringMatching(/ पर निकासी$/), 'एडमिन ने जमा किए: welcome']);
    expect(await descriptions(user.token)).toEqual([expect.stringMatching(/^Withdrawal to UPI /), 'Deposit by admin: welcome']);

    expect(await notices(user.token, HINDI)).toEqual(['बैलेंस में पैसे जोड़े गए / हमारी टीम ने आपके बैलेंस में ₹500.00 जोड़े हैं। नोट: welcome']);
    expect(await notices(user.token)).toEqual(['Balance credited / Our desk added ₹500.00 to your balance. Note: welcome']);

    // The 5-second poll writes what it brings in the reader's language as well.
    const poll = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/top',
        headers: { authorization: `Bearer ${user.token}`, ...headers },
        payload: { id: 0 },
      });
    expect((await poll(HINDI)).json().data[0].title).toBe('बैलेंस में पैसे जोड़े गए');
    expect((await poll({})).json().data[0].title).toBe('Balance credited');

    // The staff's CSV of the same ledger, in the staff member's language.
    const csv = (headers: Record<string, string>) => read(`/api/admin/users/${userId}/transactions/export.csv`, admin.token, headers);
    expect((await csv(HINDI)).body).toContain('एडमिन ने जमा किए: welcome');
    const english = (await csv({})).body;
    expect(english).toContain('Deposit by admin: welcome');
    expect(english).not.toMatch(DEVANAGARI);
  });
});

describe('rows written before the key was kept (migration 0036)', () => {
  it('get their key from their English or Hindi text, and a text that matches nothing stays as it is', async () => {
    const user = await registerUser(ctx.app);
    const userId = await userIdOf(ctx, user.email);
    // Rows as the server wrote them before: text only, in the language the account had then.
    const old = { userId, status: 'rejected' as const, kind: 'withdrawal' as const, causeType: 'manual' as const };
    await ctx.db.insert(transactions).values([
      { ...old, amount: -100n, description: 'Withdrawal to UPI old@okaxis' },
      { ...old, amount: -200n, description: 'बैंक खाते ••••4321 में निकासी' },
      { ...old, amount: -300n, description: 'A line nobody can read back' },
    ]);
    await ctx.db.insert(notifications).values([
      { userId, title: 'Top-up rejected', body: 'Your top-up of ₹1,500.00 (bill #7) was rejected. Reason: blurry (photo)', link: null },
      {
        userId,
        title: 'अनुरोध मंज़ूर',
        body: 'Site A पर आपका अनुरोध #12 (डिपॉज़िट, ₹2,000.00) मंज़ूर हो गया है।',
        link: null,
      },
      { userId, title: 'Something else', body: 'Text from an older wording.', link: null },
    ]);
    for (const step of backfill()) await ctx.db.execute(step);

    expect(await descriptions(user.token, HINDI)).toEqual([
      'A line nobody can read back',
      'बैंक खाते ••••4321 में निकासी',
      'UPI old@okaxis पर निकासी',
    ]);
    expect(await descriptions(user.token)).toEqual([
      'A line nobody can read back',
      'Withdrawal to bank account ••••4321',
      'Withdrawal to UPI old@okaxis',
    ]);
    expect(await notices(user.token)).toEqual([
      'Something else / Text from an older wording.',
      'Request approved / Your deposit of ₹2,000.00 on Site A (request #12) was approved.',
      'Top-up rejected / Your top-up of ₹1,500.00 (bill #7) was rejected. Reason: blurry (photo)',
    ]);
    expect(await notices(user.token, HINDI)).toEqual([
      'Something else / Text from an older wording.',
      'अनुरोध मंज़ूर / Site A पर आपका अनुरोध #12 (डिपॉज़िट, ₹2,000.00) मंज़ूर हो गया है।',
      'टॉप-अप नामंज़ूर / आपका ₹1,500.00 का टॉप-अप (बिल #7) नामंज़ूर कर दिया गया। कारण: blurry (photo)',
    ]);
  });
});
