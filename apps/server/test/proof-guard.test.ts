import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditLog, bills, idRequests } from '../src/db/schema';
import { activeId, createByPayment, createItem, customer, depositByPayment, handle, LOGIN, PASSWORD } from './helpers/ids-fixtures';
import { useStaffedApp } from './helpers/staffed-app';
import { get, post } from './helpers/test-app';
import { addFunds, approveBill, balanceOf, receiptImage, reEncoded } from './helpers/wallet-fixtures';

/**
 * Issue 51 items 1 and 2 (money rule 11, docs/product.md): one canonical payment reference,
 * compared on every path, and one guard on every path that credits a proof: a flagged payment
 * is approved only with a reason, kept in the audit trail and the CSV's comment column.
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });

type Rows<T> = { rows: T[] };
const canonicalOf = async (reference: string): Promise<string | null> =>
  ((await ctx.db.execute(sql`select canonical_reference(${reference}) as c`)) as unknown as Rows<{ c: string | null }>).rows[0]!.c;

/* ---------- references and their spellings ---------- */

/** Digit zero of the scripts a customer's phone may type (each encodes 0-9 in a run). */
const ZEROS = {
  ascii: 0x30,
  fullWidth: 0xff10,
  arabicIndic: 0x0660,
  extendedArabicIndic: 0x06f0,
  devanagari: 0x0966,
  bengali: 0x09e6,
  gujarati: 0x0ae6,
  tamil: 0x0be6,
  mathBold: 0x1d7ce,
} as const;
const script = fc.constantFrom(...(Object.values(ZEROS) as number[]));
/** What may sit between digits: spaces, punctuation, format characters. */
const separator = fc.constantFrom('', '', '', ' ', '-', '.', '/', '\u00a0', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u3000');
const prefix = fc.constantFrom('', 'utr', 'UTR', 'Utr ', 'UTR:', 'UTR-', 'UTR #', 'ＵＴＲ', 'ｕｔｒ ');
const trailing = fc.constantFrom('', '.', '!', ',', ')', ' ', '\u200b', '।');

/** A 12-digit UTR as a bank writes it (no leading zero). */
const utr = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 }))
  .map(([first, rest]) => [first, ...rest].join(''));

/** A way of typing a reference: its prefix, leading zeros, per-digit script and separators. */
type Spelling = { prefix: string; zeros: number; scripts: number[]; separators: string[]; trailing: string; around: string };
const spelling: fc.Arbitrary<Spelling> = fc.record({
  prefix,
  zeros: fc.integer({ min: 0, max: 3 }),
  scripts: fc.array(script, { minLength: 16, maxLength: 16 }),
  separators: fc.array(separator, { minLength: 16, maxLength: 16 }),
  trailing,
  around: fc.constantFrom('', ' ', '  '),
});

/** `reference` (digits) typed the way `s` says. */
function spell(reference: string, s: Spelling): string {
  const digits = '0'.repeat(s.zeros) + reference;
  const typed = [...digits]
    .map((d, i) => String.fromCodePoint(s.scripts[i % s.scripts.length]! + Number(d)) + s.separators[i % s.separators.length]!)
    .join('');
  return `${s.around}${s.prefix}${typed}${s.trailing}${s.around}`;
}

describe('issue 51 item 1: one canonical payment reference', () => {
  it('the issue’s spellings of 496656515397 are all 496656515397', async () => {
    for (const typed of [
      '496656515397',
      'utr496656515397',
      '4966 5651 5397',
      '0496656515397',
      '496656515397.',
      '４９６６５６５１５３９７',
      '٤٩٦٦٥٦٥١٥٣٩٧',
      '४९६६५६५१५३९७',
      '4966\u200b56515397',
      'UTR: ०४९६६-५६५१-५३९७ ।',
    ]) {
      expect(await canonicalOf(typed), JSON.stringify(typed)).toBe('496656515397');
    }
    // Letters stay (upper-cased), whatever the database's locale; nothing left is no reference.
    expect(await canonicalOf('abc-0012')).toBe('ABC0012');
    expect(await canonicalOf('utr')).toBeNull();
    expect(await canonicalOf(' 000 ')).toBeNull();
  });

  it('property: every spelling of a UTR (prefix, zeros, scripts, spaces, punctuation, zero-width characters) is the UTR', async () => {
    await fc.assert(
      fc.asyncProperty(utr, spelling, async (reference, s) => {
        expect(await canonicalOf(spell(reference, s))).toBe(reference);
      }),
      { numRuns: 300 },
    );
  });

  it('property: different references stay different, however each is spelt', async () => {
    await fc.assert(
      fc.asyncProperty(
        utr,
        utr,
        spelling,
        spelling,
        fc.stringMatching(/^[A-TV-Z1-9][A-Z0-9]{5,20}$/),
        async (a, b, sa, sb, letters) => {
          fc.pre(a !== b);
          expect(await canonicalOf(spell(a, sa))).not.toBe(await canonicalOf(spell(b, sb)));
          // An alphanumeric reference (a bank's, an IMPS one) is itself, and no UTR's.
          expect(await canonicalOf(letters)).toBe(letters);
          expect(await canonicalOf(letters.toLowerCase())).toBe(letters);
          if (/[A-Z]/.test(letters)) expect(await canonicalOf(spell(a, sa))).not.toBe(letters);
        },
      ),
      { numRuns: 200 },
    );
  });

  let fresh = 0;
  /** A UTR no other test uses (12 digits, per process and call). */
  const freshUtr = () => String(400_000_000_000 + (process.pid % 1000) * 100_000_000 + Date.now() % 10_000_000 * 10 + (fresh += 1));

  it('property, end to end: after one is approved, a second customer’s bill with any spelling of its UTR is refused; while it waits, one is flagged', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    await fc.assert(
      fc.asyncProperty(spelling, async (s) => {
        // Flagged while the first waits: the bill names it, and its approval needs a reason.
        const reference = freshUtr();
        const first = await addFunds(ctx.app, one.token, paymentType.id, '10', undefined, reference);
        expect(first.statusCode, first.body).toBe(200);
        const variant = spell(reference, s);
        const second = await addFunds(ctx.app, two.token, paymentType.id, '10', undefined, variant);
        expect(second.statusCode, second.body).toBe(200);
        const flag = (await get(ctx.app, `/api/admin/bills/${second.json().data.id}`, admin.token)).json().data.reused_proof;
        expect(flag).toMatchObject({ flagged: true, same_reference: [{ type: 'bill', id: first.json().data.id }], reference_approved: false });
        const plain = await approveBill(ctx.app, admin.token, second.json().data.id);
        expect(plain.statusCode).toBe(409);
        expect(plain.json().code).toBe('PROOF_FLAGGED');

        // Refused once the first is approved (with its reason: the second waits beside it).
        const approved = await approveBill(ctx.app, admin.token, first.json().data.id, { confirm_reused: true, comment: 'Checked with the bank' });
        expect(approved.statusCode, approved.body).toBe(200);
        const third = await addFunds(ctx.app, two.token, paymentType.id, '10', undefined, spell(reference, { ...s, prefix: s.prefix ? '' : 'UTR ' }));
        expect(third.statusCode, third.body).toBe(409);
        expect(third.json().code).toBe('REFERENCE_ALREADY_USED');
        const again = await approveBill(ctx.app, admin.token, second.json().data.id);
        expect(again.statusCode).toBe(409);
        expect(again.json().code).toBe('REUSED_PROOF');
        // Tidy: the waiting copy is rejected, nothing else moved.
        expect((await post(ctx.app, `/api/admin/bills/${second.json().data.id}/reject`, undefined, admin.token)).statusCode).toBe(200);
      }),
      { numRuns: 12 },
    );
    expect(await balanceOf(ctx, two.id)).toBe(0n);
  });

  it('a new ID and an ID deposit by proof with another spelling of an approved UTR are refused too', async () => {
    const payer = await customer(ctx);
    const reference = freshUtr();
    const bill = (await addFunds(ctx.app, payer.token, paymentType.id, '25', undefined, reference)).json().data.id;
    expect((await approveBill(ctx.app, admin.token, bill)).statusCode).toBe(200);
    const item = await createItem(ctx.app, admin.token);
    const arabic = [...reference].map((d) => String.fromCodePoint(0x0660 + Number(d))).join('');
    const asId = await createByPayment(ctx.app, payer.token, item.id, paymentType.id, { username: 'respelt', reference: `utr ${arabic}`, proof: await receiptImage(61) });
    expect(asId.statusCode).toBe(409);
    expect(asId.json().code).toBe('REFERENCE_ALREADY_USED');
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const asDeposit = await depositByPayment(ctx.app, owner.token, userIdId, paymentType.id, { reference: `0${reference.slice(0, 6)}\u200b${reference.slice(6)}.`, proof: await receiptImage(62) });
    expect(asDeposit.statusCode).toBe(409);
    expect(asDeposit.json().code).toBe('REFERENCE_ALREADY_USED');
  });

  it('what the customer typed is kept beside its canonical form', async () => {
    const payer = await customer(ctx);
    const reference = freshUtr();
    const typed = `UTR ${reference.slice(0, 4)} ${reference.slice(4)}`;
    const id = (await addFunds(ctx.app, payer.token, paymentType.id, '5', undefined, typed)).json().data.id as number;
    const [row] = await ctx.db.select({ reference: bills.reference, canonical: bills.referenceCanonical }).from(bills).where(eq(bills.id, id));
    expect(row).toEqual({ reference: typed, canonical: reference });
    expect((await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.reference).toBe(typed);
  });

  it('the canonical_reference migration tags again the payments already there whose reference another spells differently', async () => {
    const one = await customer(ctx);
    const reference = freshUtr();
    const a = (await addFunds(ctx.app, one.token, paymentType.id, '6', undefined, reference)).json().data.id as number;
    const b = (await addFunds(ctx.app, one.token, paymentType.id, '7', undefined, `utr-${reference}`)).json().data.id as number;
    const c = (await addFunds(ctx.app, one.token, paymentType.id, '8', undefined, freshUtr())).json().data.id as number;
    // As before the migration: the two spellings did not match.
    await ctx.db.update(bills).set({ reuse: null }).where(inArray(bills.id, [a, b]));
    // Found by its name, whatever number it has when merged.
    const folder = new URL('../src/db/migrations/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_canonical_reference.sql'))!;
    const migration = readFileSync(new URL(file, folder), 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => /^(CREATE VIEW|UPDATE|DROP VIEW)/i.test(s));
    expect(statements).toHaveLength(4);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));
    const rows = await ctx.db.select({ id: bills.id, reuse: bills.reuse }).from(bills).where(inArray(bills.id, [a, b, c]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.reuse]))).toEqual({ [a]: `R:bill:${b}`, [b]: `R:bill:${a}`, [c]: null });
  });
});

/* ---------- the one guard ---------- */

/** An approval's audit entry: the reason (its comment) and what the guard found. */
const reasonOf = (after: unknown) => {
  const { comment, reused_proof_confirmed: confirmed } = after as { comment?: string | null; reused_proof_confirmed?: object };
  return confirmed === undefined ? undefined : { comment, ...confirmed };
};
async function auditAfter(objectType: string, id: number) {
  const [entry] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(id)), sql`${auditLog.action} like '%.approve'`));
  return entry?.after;
}
const csvRows = async (url: string) => parse((await get(ctx.app, url, admin.token)).body, { columns: true }) as Record<string, string>[];

describe('issue 51 item 2: one guard on every path that credits a proof', () => {
  it('single approve: a bill flagged only for a look-alike screenshot says so, and is credited only with a reason (audit, CSV; not the customer)', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const original = await receiptImage(71);
    await addFunds(ctx.app, one.token, paymentType.id, '30', original);
    const copy = (await addFunds(ctx.app, two.token, paymentType.id, '31', await reEncoded(original))).json().data.id as number;

    const refused = await approveBill(ctx.app, admin.token, copy);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROOF_FLAGGED');
    // What the flag really is: the screenshot, not the reference.
    expect(refused.json().message).toMatch(/screenshot/);
    expect(refused.json().message).not.toMatch(/UTR/);
    expect(await balanceOf(ctx, two.id)).toBe(0n);

    const reason = 'Different payment: amounts and times differ';
    const ok = await approveBill(ctx.app, admin.token, copy, { confirm_reused: true, comment: reason });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.comment).toBe(reason);
    expect(await balanceOf(ctx, two.id)).toBe(3100n);
    expect(reasonOf(await auditAfter('bill', copy))).toEqual({ comment: reason, flags: ['look_alike'], approved_elsewhere: [] });
    const csv = await csvRows(`/api/admin/bills/export.csv?pending=0&customer=${encodeURIComponent(two.email)}`);
    expect(csv.map((r) => [r.id, r.comment, r.reused_proof])).toEqual([[String(copy), reason, 'yes']]);
    // The reason is staff's: the customer's own bill does not carry it.
    expect((await get(ctx.app, `/api/bills/${copy}`, two.token)).json().data).toMatchObject({ status: 'approved', comment: null });
  });

  it('batch approve: flagged bills without a reason are left out with a code per item; with their reasons they are credited and audited', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const reference = String(700_000_000_000 + (Date.now() % 100_000_000));
    const clean = (await addFunds(ctx.app, one.token, paymentType.id, '1')).json().data.id as number;
    const utrA = (await addFunds(ctx.app, one.token, paymentType.id, '2', undefined, reference)).json().data.id as number;
    const utrB = (await addFunds(ctx.app, two.token, paymentType.id, '3', undefined, `UTR ${reference}`)).json().data.id as number;
    const original = await receiptImage(81);
    const lookA = (await addFunds(ctx.app, one.token, paymentType.id, '4', original)).json().data.id as number;
    const lookB = (await addFunds(ctx.app, two.token, paymentType.id, '5', await reEncoded(original))).json().data.id as number;

    const batch = (body: unknown) => post(ctx.app, '/api/admin/bills/batch', body, admin.token);
    const first = await batch({ ids: [clean, utrA, lookB], action: 'approve' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      handled: 1,
      failed: 2,
      items: [
        { id: clean, status: 200, code: null },
        { id: utrA, status: 409, code: 'PROOF_FLAGGED', message: expect.stringMatching(/UTR/) },
        { id: lookB, status: 409, code: 'PROOF_FLAGGED', message: expect.stringMatching(/screenshot/) },
      ],
    });
    const statusOf = async (ids: number[]) =>
      Object.fromEntries((await ctx.db.select({ id: bills.id, status: bills.status }).from(bills).where(inArray(bills.id, ids))).map((r) => [r.id, r.status]));
    expect(await statusOf([utrA, lookB])).toEqual({ [utrA]: 'pending', [lookB]: 'pending' });

    // A reason for an item not in the batch is a 422; nothing is handled.
    const stray = await batch({ ids: [utrA], action: 'approve', reasons: [{ id: lookB, reason: 'x' }] });
    expect(stray.statusCode).toBe(422);

    const second = await batch({
      ids: [utrA, utrB, lookB, lookA],
      action: 'approve',
      reasons: [
        { id: utrA, reason: 'First of two transfers, bank statement line 14' },
        { id: lookB, reason: 'Another payment: the amount differs' },
      ],
    });
    expect(second.json().data.items).toEqual([
      { id: utrA, status: 200, code: null, message: 'Approved.' },
      // utrA is approved now: its twin's reference is approved elsewhere.
      { id: utrB, status: 409, code: 'REUSED_PROOF', message: expect.stringMatching(/already approved/) },
      { id: lookB, status: 200, code: null, message: 'Approved.' },
      { id: lookA, status: 409, code: 'PROOF_FLAGGED', message: expect.any(String) },
    ]);
    expect(reasonOf(await auditAfter('bill', utrA))).toEqual({
      comment: 'First of two transfers, bank statement line 14',
      flags: ['reference_elsewhere'],
      approved_elsewhere: [],
    });
    expect(reasonOf(await auditAfter('bill', lookB))).toMatchObject({ flags: ['look_alike'] });
    expect(reasonOf(await auditAfter('bill', clean))).toBeUndefined();
    const csv = await csvRows(`/api/admin/bills/export.csv?pending=0&customer=${encodeURIComponent(one.email)}`);
    expect(Object.fromEntries(csv.map((r) => [r.id, r.comment]))).toEqual({
      [clean]: '',
      [utrA]: 'First of two transfers, bank statement line 14',
    });
    expect(await balanceOf(ctx, one.id)).toBe(300n);
    expect(await balanceOf(ctx, two.id)).toBe(500n);
  });

  it('a rejection needs no reason, in a batch or alone', async () => {
    const one = await customer(ctx);
    const original = await receiptImage(91);
    await addFunds(ctx.app, one.token, paymentType.id, '9', original);
    const copy = (await addFunds(ctx.app, one.token, paymentType.id, '9', await reEncoded(original))).json().data.id as number;
    const res = await post(ctx.app, '/api/admin/bills/batch', { ids: [copy], action: 'reject', reasons: [{ id: copy, reason: 'ignored' }] }, admin.token);
    expect(res.json().data.items).toEqual([{ id: copy, status: 200, code: null, message: 'Rejected.' }]);
  });

  it('API, new IDs: one paid by proof with a reused UTR is approved only with a reason; the customer does not see it', async () => {
    const payer = await customer(ctx);
    const reference = String(810_000_000_000 + (Date.now() % 100_000_000));
    await addFunds(ctx.app, payer.token, paymentType.id, '40', undefined, reference);
    const item = await createItem(ctx.app, admin.token);
    const created = await createByPayment(ctx.app, payer.token, item.id, paymentType.id, { username: 'guarded', reference: `${reference}.`, proof: await receiptImage(101) });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const body = { amount: '500', login: LOGIN, password: PASSWORD };
    const refused = await post(ctx.app, `/api/admin/user_ids/${id}/approve`, body, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROOF_FLAGGED');
    const ok = await post(ctx.app, `/api/admin/user_ids/${id}/approve`, { ...body, confirm_reused: true, comment: 'Paid twice, refund agreed' }, admin.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(reasonOf(await auditAfter('user_id', id))).toEqual({ comment: 'Paid twice, refund agreed', flags: ['reference_elsewhere'], approved_elsewhere: [] });
    expect((await get(ctx.app, `/api/user_ids/${id}`, payer.token)).json().data.comment).toBeNull();
    const csv = await csvRows(`/api/admin/user_ids/export.csv?pending=0&customer=${encodeURIComponent(payer.email)}`);
    expect(csv.map((r) => r.comment)).toEqual(['Paid twice, refund agreed']);
  });

  it('API, ID deposits: a deposit by proof with a look-alike screenshot is approved only with a reason', async () => {
    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const original = await receiptImage(111);
    await depositByPayment(ctx.app, owner.token, userIdId, paymentType.id, { proof: original });
    const second = await depositByPayment(ctx.app, owner.token, userIdId, paymentType.id, { proof: await reEncoded(original) });
    const requestId = second.json().data.id as number;
    const refused = await handle(ctx.app, admin.token, requestId, { action: 'approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROOF_FLAGGED');
    const ok = await handle(ctx.app, admin.token, requestId, { action: 'approve', confirm_reused: true, comment: 'Two deposits, both on the statement' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(reasonOf(await auditAfter('id_request', requestId))).toMatchObject({ flags: ['look_alike'] });
    const [row] = await ctx.db.select({ comment: idRequests.comment }).from(idRequests).where(eq(idRequests.id, requestId));
    expect(row!.comment).toBe('Two deposits, both on the statement');
  });
});
