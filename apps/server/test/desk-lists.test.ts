import { readFileSync } from 'node:fs';
import { mayNameMore, REUSED_PROOF_NAMED_MAX } from '@iddesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bills } from '../src/db/schema';
import { LOGIN, activeId, createByPayment, createItem, customer, depositByPayment, handle } from './helpers/ids-fixtures';
import { get, post } from './helpers/test-app';
import { addFunds, approveBill, balanceOf, createUpiPaymentType, expectLedgerConsistent, nextReference, receiptImage, reEncoded, withdrawUpi } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

/**
 * Issue 16: the staff lists (filters, order, handler, the ID's login) and reused proofs
 * (same UTR, look-alike screenshot), the approval guard and the customer's 409.
 */

let otherTypeId: number;

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true });
beforeAll(async () => {
  otherTypeId = (await createUpiPaymentType(ctx.app, admin.token, 'PhonePe')).id;
});

const billList = async (query: string) => {
  const res = await get(ctx.app, `/api/admin/bills?${query}`, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: { id: number; [k: string]: unknown }[]; total: number };
};
const idsOf = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

describe('staff lists: order, filters, handler', () => {
  it('the queue is oldest first by default, sort=newest reverses it, the done list is newest first', async () => {
    const user = await customer(ctx);
    const a = (await addFunds(ctx.app, user.token, paymentType.id, '11.00')).json().data.id as number;
    const b = (await addFunds(ctx.app, user.token, paymentType.id, '12.00')).json().data.id as number;
    const c = (await addFunds(ctx.app, user.token, paymentType.id, '13.00')).json().data.id as number;
    const mine = (ids: number[]) => ids.filter((id) => [a, b, c].includes(id));

    expect(mine(idsOf(await billList(`pending=1&perPage=100`)))).toEqual([a, b, c]);
    expect(mine(idsOf(await billList(`pending=1&perPage=100&sort=newest`)))).toEqual([c, b, a]);

    await post(ctx.app, `/api/admin/bills/${a}/approve`, undefined, admin.token);
    await post(ctx.app, `/api/admin/bills/${c}/reject`, { comment: 'no' }, admin.token);
    const done = await billList('pending=0&perPage=100');
    expect(mine(idsOf(done))).toEqual([c, a]);
    expect(mine(idsOf(await billList('pending=0&perPage=100&sort=oldest')))).toEqual([a, c]);
    // Done rows name who handled them and when.
    const row = done.items.find((i) => i.id === a)!;
    expect(row.handled_by).toEqual({ id: expect.any(Number), name: admin.name });
    expect(row.handled_at).toEqual(expect.any(String));
    // The pending row has no handler yet; the customer's own view shows neither field.
    expect((await billList('pending=1&perPage=100')).items.find((i) => i.id === b)!.handled_by).toBeNull();
    const own = (await get(ctx.app, `/api/bills/${a}`, user.token)).json().data;
    expect(own).not.toHaveProperty('handled_by');
    expect(own).not.toHaveProperty('reused_proof');
  });

  it('filters by customer (name, email, phone), amount range, reference, payment type and days', async () => {
    const asha = await customer(ctx, { name: 'Asha Quillfeather' });
    const ravi = await customer(ctx, { name: 'Ravi Brindlemoor' });
    const b1 = (await addFunds(ctx.app, asha.token, paymentType.id, '100.00', undefined, 'ZXQ-700-1')).json().data.id;
    const b2 = (await addFunds(ctx.app, asha.token, otherTypeId, '250.50', undefined, 'ZXQ-700-2')).json().data.id;
    const b3 = (await addFunds(ctx.app, ravi.token, paymentType.id, '999.99', undefined, 'ZXQ-800-3')).json().data.id;
    const scope = 'pending=1&perPage=100&reference=ZXQ-';

    expect(idsOf(await billList(`${scope}&customer=quillfeather`))).toEqual([b1, b2]);
    expect(idsOf(await billList(`${scope}&customer=${encodeURIComponent(ravi.email.toUpperCase())}`))).toEqual([b3]);
    expect(idsOf(await billList(`${scope}&customer=${encodeURIComponent(ravi.phone.slice(-7))}`))).toEqual([b3]);
    expect(idsOf(await billList(`${scope}&amount_min=250.50`))).toEqual([b2, b3]);
    expect(idsOf(await billList(`${scope}&amount_min=100&amount_max=250.5`))).toEqual([b1, b2]);
    expect(idsOf(await billList(`${scope}&amount_max=100.00`))).toEqual([b1]);
    expect(idsOf(await billList(`pending=1&perPage=100&reference=zxq-700`))).toEqual([b1, b2]);
    expect(idsOf(await billList(`${scope}&payment_type_id=${otherTypeId}`))).toEqual([b2]);
    // Wildcards are literal: `%` matches no reference here.
    expect((await billList(`pending=1&reference=${encodeURIComponent('%')}`)).total).toBe(0);

    // Days: today in the display time zone holds them; yesterday and tomorrow do not.
    const tz = ctx.config.displayTimeZone;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    expect(idsOf(await billList(`${scope}&from=${today}&to=${today}`))).toEqual([b1, b2, b3]);
    expect((await billList(`${scope}&to=${shift(-1)}`)).total).toBe(0);
    expect((await billList(`${scope}&from=${shift(1)}`)).total).toBe(0);
    // The count matches the filter, and pages keep it.
    const page = await billList(`pending=1&reference=ZXQ-&perPage=2&page=2`);
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2, last_page: 2 });
    expect(idsOf(page)).toEqual([b3]);
  });

  it('a bad filter is a 422 naming it', async () => {
    for (const [query, field] of [
      ['amount_min=abc', 'amount_min'],
      ['from=2024-13-45', 'from'],
      ['sort=sideways', 'sort'],
      ['payment_type_id=x', 'payment_type_id'],
    ] as const) {
      const res = await get(ctx.app, `/api/admin/bills?${query}`, admin.token);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
  });

  it('withdrawals, ID requests and new IDs take the same filters and order; a request shows the ID’s real login', async () => {
    const user = await customer(ctx, { name: 'Mira Thistlewood' });
    await post(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount: '900', comment: 'seed' }, admin.token);
    const w1 = (await withdrawUpi(ctx.app, user.token, '10')).json().data.id;
    const w2 = (await withdrawUpi(ctx.app, user.token, '20')).json().data.id;
    const wList = (await get(ctx.app, '/api/admin/withdraw?pending=1&customer=thistlewood', admin.token)).json().data;
    expect(idsOf(wList)).toEqual([w1, w2]);
    const wBig = (await get(ctx.app, '/api/admin/withdraw?pending=1&customer=thistlewood&amount_min=15', admin.token)).json().data;
    expect(idsOf(wBig)).toEqual([w2]);

    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const req = await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '5' }, owner.token);
    expect(req.statusCode, req.body).toBe(200);
    const requests = (await get(ctx.app, `/api/admin/requests?pending=1&customer=${encodeURIComponent(owner.email)}`, admin.token)).json().data;
    expect(requests.items).toHaveLength(1);
    expect(requests.items[0]).toMatchObject({ id: req.json().data.id, id_login: LOGIN });
    const newIds = (await get(ctx.app, `/api/admin/user_ids?pending=0&customer=${encodeURIComponent(owner.email)}`, admin.token)).json().data;
    expect(idsOf(newIds)).toEqual([userIdId]);
    expect(newIds.items[0].handled_by).toEqual({ id: expect.any(Number), name: admin.name });
  });
});

describe('reused proofs', () => {
  it('the same UTR on another bill and on a new ID is flagged on the rows and the detail, with the others', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const utr = nextReference();
    const first = (await addFunds(ctx.app, one.token, paymentType.id, '40', await receiptImage(11), utr)).json().data.id;
    const second = (await addFunds(ctx.app, two.token, paymentType.id, '41', await receiptImage(12), utr)).json().data.id;
    const lone = (await addFunds(ctx.app, two.token, paymentType.id, '42', await receiptImage(13))).json().data.id;

    const item = await createItem(ctx.app, admin.token);
    const created = await createByPayment(ctx.app, one.token, item.id, paymentType.id, { username: 'reuser', reference: utr, proof: await receiptImage(14) });
    expect(created.statusCode, created.body).toBe(200);
    const userIdId = created.json().data.id as number;

    const detail = (await get(ctx.app, `/api/admin/bills/${first}`, admin.token)).json().data;
    expect(detail.reused_proof).toEqual({
      flagged: true,
      same_reference: [
        { type: 'bill', id: second },
        { type: 'user_id', id: userIdId },
      ],
      similar_image: [],
      reference_approved: false,
    });
    const rows = await billList(`pending=1&perPage=100&reference=${utr}`);
    expect(rows.items.map((r) => [r.id, (r.reused_proof as { flagged: boolean }).flagged])).toEqual([
      [first, true],
      [second, true],
    ]);
    expect((await get(ctx.app, `/api/admin/bills/${lone}`, admin.token)).json().data.reused_proof).toMatchObject({
      flagged: false,
      same_reference: [],
      similar_image: [],
    });
    const newId = (await get(ctx.app, `/api/admin/user_ids/${userIdId}`, admin.token)).json().data;
    expect(newId.reused_proof.same_reference).toEqual([
      { type: 'bill', id: first },
      { type: 'bill', id: second },
    ]);
  });

  it('a screenshot re-encoded at another quality and size is flagged; another payment in the same app is not', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const original = await receiptImage(21);
    const first = (await addFunds(ctx.app, one.token, paymentType.id, '50', original)).json().data.id;
    const copy = (await addFunds(ctx.app, two.token, paymentType.id, '50', await reEncoded(original))).json().data.id;
    const different = (await addFunds(ctx.app, two.token, paymentType.id, '50', await receiptImage(25))).json().data.id;

    const detail = async (id: number) => (await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.reused_proof;
    expect(await detail(first)).toMatchObject({ flagged: true, same_reference: [], similar_image: [{ type: 'bill', id: copy }] });
    expect(await detail(copy)).toMatchObject({ flagged: true, similar_image: [{ type: 'bill', id: first }] });
    expect(await detail(different)).toMatchObject({ flagged: false, similar_image: [] });
  });

  it('money rule 11: approving a bill whose UTR is already approved is 409 REUSED_PROOF unless confirmed with a comment (audited)', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const utr = nextReference();
    const first = (await addFunds(ctx.app, one.token, paymentType.id, '60', undefined, utr)).json().data.id;
    const second = (await addFunds(ctx.app, two.token, paymentType.id, '61', undefined, utr)).json().data.id;
    const third = (await addFunds(ctx.app, two.token, paymentType.id, '62', undefined, utr)).json().data.id;
    // Issue 51: the first is flagged too (its UTR waits on two others): approved with a reason.
    expect((await post(ctx.app, `/api/admin/bills/${first}/approve`, undefined, admin.token)).json().code).toBe('PROOF_FLAGGED');
    expect((await approveBill(ctx.app, admin.token, first, { confirm_reused: true, comment: 'The first transfer' })).statusCode).toBe(200);

    const flagged = (await get(ctx.app, `/api/admin/bills/${second}`, admin.token)).json().data.reused_proof;
    expect(flagged).toMatchObject({ flagged: true, reference_approved: true });

    const refused = await post(ctx.app, `/api/admin/bills/${second}/approve`, undefined, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REUSED_PROOF');
    const noComment = await post(ctx.app, `/api/admin/bills/${second}/approve`, { confirm_reused: true }, admin.token);
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors).toHaveProperty('comment');
    // Nothing moved: still pending, no credit.
    expect((await ctx.db.select().from(bills).where(eq(bills.id, second)))[0]!.status).toBe('pending');
    expect(await balanceOf(ctx, two.id)).toBe(0n);

    const confirmed = await approveBill(ctx.app, admin.token, second, { confirm_reused: true, comment: 'Bank confirmed two transfers under one UTR' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await balanceOf(ctx, two.id)).toBe(6100n);
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'bill'), eq(auditLog.objectId, String(second))));
    expect(entry!.after).toMatchObject({
      status: 'approved',
      comment: 'Bank confirmed two transfers under one UTR',
      reused_proof_confirmed: {
        flags: ['reference_approved'],
        approved_elsewhere: [{ type: 'bill', id: first }],
      },
    });
    // Rejecting a flagged bill needs no confirmation.
    expect((await post(ctx.app, `/api/admin/bills/${third}/reject`, undefined, admin.token)).statusCode).toBe(200);
    await expectLedgerConsistent(ctx);
  });

  it('money rule 11 under concurrency: two spellings of one UTR approved at once, each with a reason: the second to commit names the first', async () => {
    for (let round = 0; round < 5; round += 1) {
      const one = await customer(ctx);
      const two = await customer(ctx);
      const utr = nextReference();
      const first = (await addFunds(ctx.app, one.token, paymentType.id, '70', undefined, utr)).json().data.id;
      const second = (await addFunds(ctx.app, two.token, paymentType.id, '71', undefined, ` ${utr.toLowerCase()}.`)).json().data.id;
      // Without reasons neither is credited (each is flagged by the other).
      const plain = await Promise.all([first, second].map((id) => post(ctx.app, `/api/admin/bills/${id}/approve`, undefined, admin.token)));
      expect(plain.map((a) => a.json().code)).toEqual(['PROOF_FLAGGED', 'PROOF_FLAGGED']);
      const body = { confirm_reused: true, comment: `Two transfers, round ${round}` };
      const answers = await Promise.all([first, second].map((id) => approveBill(ctx.app, admin.token, id, body)));
      expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual([200, 200]);
      // The reference's lock queues the two: the one that commits second read the first as approved.
      const entries = await ctx.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'bill.approve'), inArray(auditLog.objectId, [String(first), String(second)])));
      const named = entries.map((e) => (e.after as { reused_proof_confirmed: { approved_elsewhere: unknown[] } }).reused_proof_confirmed.approved_elsewhere.length);
      expect(named.sort()).toEqual([0, 1]);
      expect((await balanceOf(ctx, one.id)) + (await balanceOf(ctx, two.id))).toBe(14100n);
    }
    await expectLedgerConsistent(ctx);
  });

  it('a customer submitting a UTR that is already approved gets 409 at once, for bills, new IDs and deposits', async () => {
    const one = await customer(ctx);
    const utr = nextReference();
    const first = (await addFunds(ctx.app, one.token, paymentType.id, '70', undefined, utr)).json().data.id;
    // Pending elsewhere is not yet a refusal: staff see the flag.
    expect((await addFunds(ctx.app, one.token, paymentType.id, '70', undefined, utr)).statusCode).toBe(200);
    expect((await approveBill(ctx.app, admin.token, first, { confirm_reused: true, comment: 'The first of two' })).statusCode).toBe(200);

    const again = await addFunds(ctx.app, one.token, paymentType.id, '70', undefined, utr);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REFERENCE_ALREADY_USED', data: null });

    const item = await createItem(ctx.app, admin.token);
    const asId = await createByPayment(ctx.app, one.token, item.id, paymentType.id, { username: 'reuser2', reference: utr, proof: await receiptImage(31) });
    expect(asId.statusCode).toBe(409);
    expect(asId.json().code).toBe('REFERENCE_ALREADY_USED');

    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const asDeposit = await depositByPayment(ctx.app, owner.token, userIdId, paymentType.id, { reference: utr, proof: await receiptImage(32) });
    expect(asDeposit.statusCode).toBe(409);
    expect(asDeposit.json().code).toBe('REFERENCE_ALREADY_USED');
  });

  it('an ID deposit by proof with an approved UTR needs the confirmation too', async () => {
    const payer = await customer(ctx);
    const utr = nextReference();
    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const deposit = await depositByPayment(ctx.app, owner.token, userIdId, paymentType.id, { reference: utr, proof: await receiptImage(41) });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const bill = (await addFunds(ctx.app, payer.token, paymentType.id, '80', undefined, utr)).json().data.id;
    expect((await approveBill(ctx.app, admin.token, bill, { confirm_reused: true, comment: 'The bill came first' })).statusCode).toBe(200);

    const requestId = deposit.json().data.id as number;
    const listed = (await get(ctx.app, `/api/admin/requests/${requestId}`, admin.token)).json().data;
    expect(listed.reused_proof).toMatchObject({ flagged: true, reference_approved: true, same_reference: [{ type: 'bill', id: bill }] });
    const refused = await handle(ctx.app, admin.token, requestId, { action: 'approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REUSED_PROOF');
    const ok = await handle(ctx.app, admin.token, requestId, { action: 'approve', confirm_reused: true, comment: 'Checked with bank' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
  // Issue 19: the tags are stored on each payment's row (migration 0016's trigger), the
  // earlier payments' included, so the lists read them instead of four lookups per row.
  type TagRow = { kind: string; id: number; stored: string | null; fresh: string | null };
  const tagSet = (text: string | null) => (text ?? '').split(',').filter(Boolean).sort();
  /** Every payment's stored tags beside a fresh computation from the tables (iddesk_proof_tags). */
  async function storedAndFresh(): Promise<TagRow[]> {
    const result = await ctx.db.execute(sql`
      select 'bill' as kind, id, reuse as stored, iddesk_proof_tags(reference, proof_key, id, null) as fresh from bills
      union all
      select 'request', id, reuse, iddesk_proof_tags(reference, proof_key, null, id) from id_requests
        where type in ('create', 'deposit') order by kind, id`);
    return (result as unknown as { rows: TagRow[] }).rows;
  }
  const asSets = (rows: TagRow[], column: 'stored' | 'fresh') => rows.map((r) => [r.kind, r.id, tagSet(r[column])]);

  it('a later payment reusing a UTR or screenshot flags the earlier ones too; every stored tag matches the tables', async () => {
    const one = await customer(ctx);
    const two = await customer(ctx);
    const utr = nextReference();
    const original = await receiptImage(51);
    const first = (await addFunds(ctx.app, one.token, paymentType.id, '90', original, utr)).json().data.id;
    expect((await get(ctx.app, `/api/admin/bills/${first}`, admin.token)).json().data.reused_proof.flagged).toBe(false);
    const item = await createItem(ctx.app, admin.token);
    const { user: owner, userIdId } = await activeId(ctx, admin.token, item.id);
    const deposit = await depositByPayment(ctx.app, owner.token, userIdId, paymentType.id, { reference: utr, proof: await receiptImage(52) });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const copy = (await addFunds(ctx.app, two.token, paymentType.id, '91', await reEncoded(original))).json().data.id;

    const rows = await billList(`perPage=100&customer=${encodeURIComponent(one.email)}`);
    expect(rows.items.find((r) => r.id === first)?.reused_proof).toEqual({
      flagged: true,
      same_reference: [{ type: 'id_request', id: deposit.json().data.id }],
      similar_image: [{ type: 'bill', id: copy }],
      reference_approved: false,
    });
    const all = await storedAndFresh();
    expect(all.filter((r) => r.stored !== null).length).toBeGreaterThanOrEqual(3);
    expect(asSets(all, 'stored')).toEqual(asSets(all, 'fresh'));
  });

  it('payments with one UTR sent at once all flag each other (the trigger queues them on the UTR)', async () => {
    const payers = await Promise.all(Array.from({ length: 5 }, () => customer(ctx)));
    const utr = nextReference();
    const sent = await Promise.all(payers.map((p, i) => addFunds(ctx.app, p.token, paymentType.id, `${95 + i}`, undefined, utr)));
    const ids = sent.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    });
    const rows = await billList(`pending=1&perPage=100&reference=${utr}`);
    expect(rows.items).toHaveLength(5);
    for (const row of rows.items) {
      const others = ids.filter((id) => id !== row.id).sort((a, b) => a - b);
      expect((row.reused_proof as { same_reference: unknown }).same_reference).toEqual(others.map((id) => ({ type: 'bill', id })));
    }
  });

  it("migration 0016's backfill gives every payment already there its tags", async () => {
    const before = await storedAndFresh();
    expect(before.some((r) => r.stored !== null)).toBe(true);
    await ctx.db.execute(sql`update bills set reuse = null`);
    await ctx.db.execute(sql`update id_requests set reuse = null`);
    const migration = readFileSync(new URL('../src/db/migrations/0016_proof_reuse_stored.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter((s) => /^UPDATE/i.test(s));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await ctx.db.execute(sql.raw(statement));
    const after = await storedAndFresh();
    expect(asSets(after, 'stored')).toEqual(asSets(before, 'stored'));
  });

  // After the backfill's check: 0016's backfill (iddesk_proof_tags) kept every tag, uncapped.
  it('a UTR sent again and again: a payment keeps at most 20 tags, and a full one is not rewritten (migration 0019)', async () => {
    const payers = await Promise.all(Array.from({ length: 4 }, () => customer(ctx)));
    const utr = nextReference();
    const ids: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const res = await addFunds(ctx.app, payers[i % payers.length]!.token, paymentType.id, `${100 + i}`, undefined, utr);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id as number);
    }
    const result = await ctx.db.execute(sql`select id, reuse from bills where reference = ${utr} order by id`);
    const rows = (result as unknown as { rows: { id: number; reuse: string | null }[] }).rows;
    expect(rows.map((r) => r.id)).toEqual(ids);
    const tagsOf = (ofIds: number[]) => ofIds.map((id) => `R:bill:${id}`).sort();
    // The first took the tags of the 20 after it and then stopped growing; the last names the
    // first 20 before it; every one is flagged, none holds more than 20.
    expect(tagSet(rows[0]!.reuse)).toEqual(tagsOf(ids.slice(1, 21)));
    expect(tagSet(rows[23]!.reuse)).toEqual(tagsOf(ids.slice(0, 20)));
    expect(rows.map((r) => tagSet(r.reuse).length)).toEqual(rows.map(() => 20));
    const last = (await get(ctx.app, `/api/admin/bills/${ids[23]}`, admin.token)).json().data.reused_proof;
    expect(last.flagged).toBe(true);
    expect(last.same_reference).toHaveLength(REUSED_PROOF_NAMED_MAX);
    expect(mayNameMore(last)).toBe(true);
    // The contract's figure is the database's: the web says "only the first 20" from it.
    expect(REUSED_PROOF_NAMED_MAX).toBe(20);
    const two = (await get(ctx.app, `/api/admin/bills/${ids[1]}`, admin.token)).json().data.reused_proof;
    expect(mayNameMore({ ...two, same_reference: two.same_reference.slice(0, 19) })).toBe(false);
  });
});
