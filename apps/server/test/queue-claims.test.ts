import { QUEUE_CLAIM_SECONDS } from '@iddesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bills, idRequests } from '../src/db/schema';
import { createFromWallet, createItem, customerWith, depositFromWallet, activeId } from './helpers/ids-fixtures';
import { type ApiResponse, createStaffMember, get, post } from './helpers/test-app';
import { useStaffedApp } from './helpers/staffed-app';
import { addFunds, balanceOf, expectLedgerConsistent, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Issue 55 item 2 (docs/product.md#claims, decision 039): a staff member who opens a pending
 * item claims it; anyone else's decision is 409 CLAIMED_BY_OTHER, naming the holder, until a
 * decision, a release, the claim's expiry or an owner lets it go. On PGlite and PostgreSQL.
 */

type Staff = { id: number; name: string; token: string };
let asha: Staff;
let ravi: Staff;
let owner: Staff;
let customer: { id: number; token: string };

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true });
beforeAll(async () => {
  asha = await createStaffMember(ctx, 'cashier', { secondFactor: false });
  ravi = await createStaffMember(ctx, 'cashier', { secondFactor: false });
  owner = await createStaffMember(ctx, 'owner', { secondFactor: false });
  customer = await customerWith(ctx, admin.token, '1000');
});
afterEach(async () => {
  await expectLedgerConsistent(ctx);
});

async function newBill(amount = '50.00'): Promise<number> {
  const res = await addFunds(ctx.app, customer.token, paymentType.id, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const claim = (path: string, who: Staff) => post(ctx.app, `/api/admin/${path}/claim`, undefined, who.token);
const release = (path: string, who: Staff) => post(ctx.app, `/api/admin/${path}/release`, undefined, who.token);
const approveBill = (id: number, who: Staff) => post(ctx.app, `/api/admin/bills/${id}/approve`, {}, who.token);
const billOf = async (id: number, who: Staff = ravi) => (await get(ctx.app, `/api/admin/bills/${id}`, who.token)).json().data;

function expectClaimedBy(res: ApiResponse, holder: Staff) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().code).toBe('CLAIMED_BY_OTHER');
  expect(res.json().message).toContain(holder.name);
}

describe('claims', () => {
  it('opening claims the item for a few minutes; everyone sees who holds it, on the item and in the list', async () => {
    const id = await newBill();
    const before = Date.now();
    const res = await claim(`bills/${id}`, asha);
    expect(res.statusCode, res.body).toBe(200);
    const held = res.json().data.claim;
    expect(held.by).toEqual({ id: asha.id, name: asha.name });
    const until = Date.parse(held.until);
    // Within the claim's length of now (the database's clock and this one's, a second apart at most).
    expect(until).toBeGreaterThan(before + (QUEUE_CLAIM_SECONDS - 5) * 1000);
    expect(until).toBeLessThan(Date.now() + (QUEUE_CLAIM_SECONDS + 5) * 1000);

    expect((await billOf(id)).claim).toEqual(held);
    const list = (await get(ctx.app, '/api/admin/bills?pending=1&perPage=100', ravi.token)).json().data.items;
    expect(list.find((b: { id: number }) => b.id === id).claim).toEqual(held);
    // The customer's own view says nothing of staff.
    const own = (await get(ctx.app, `/api/bills/${id}`, customer.token)).json().data;
    expect(own).not.toHaveProperty('claim');

    // Claiming again renews it; someone else is refused, with the holder's name.
    const renewed = await claim(`bills/${id}`, asha);
    expect(renewed.statusCode).toBe(200);
    expect(Date.parse(renewed.json().data.claim.until)).toBeGreaterThanOrEqual(until);
    expectClaimedBy(await claim(`bills/${id}`, ravi), asha);
  });

  it('a decision on an item someone else holds is 409 CLAIMED_BY_OTHER and moves nothing; the holder decides, and the claim goes', async () => {
    const id = await newBill('70.00');
    expect((await claim(`bills/${id}`, asha)).statusCode).toBe(200);
    const balance = await balanceOf(ctx, customer.id);

    expectClaimedBy(await approveBill(id, ravi), asha);
    expectClaimedBy(await post(ctx.app, `/api/admin/bills/${id}/reject`, { comment: 'no' }, ravi.token), asha);
    expect(await balanceOf(ctx, customer.id)).toBe(balance);
    expect((await billOf(id)).status).toBe('pending');

    const approved = await approveBill(id, asha);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', handled_by: { id: asha.id }, claim: null });
    expect(await balanceOf(ctx, customer.id)).toBe(balance + 7000n);
    const [row] = await ctx.db.select({ by: bills.claimedBy, until: bills.claimedUntil }).from(bills).where(eq(bills.id, id));
    expect(row).toEqual({ by: null, until: null });
    // A handled item cannot be claimed.
    const late = await claim(`bills/${id}`, ravi);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ALREADY_HANDLED');
  });

  it('leaving releases it: the holder lets go, another may then claim; nobody else can release it', async () => {
    const id = await newBill();
    expect((await claim(`bills/${id}`, asha)).statusCode).toBe(200);
    expectClaimedBy(await release(`bills/${id}`, ravi), asha);
    expect((await billOf(id)).claim?.by.id).toBe(asha.id);

    const released = await release(`bills/${id}`, asha);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toEqual({ claim: null });
    expect((await billOf(id)).claim).toBeNull();
    // Nothing held: nothing to do.
    expect((await release(`bills/${id}`, asha)).json().data).toEqual({ claim: null });
    expect((await claim(`bills/${id}`, ravi)).statusCode).toBe(200);
    expect((await approveBill(id, ravi)).statusCode).toBe(200);
  });

  it('an expired claim holds nothing: it is not shown, and anyone may claim or decide', async () => {
    const id = await newBill();
    expect((await claim(`bills/${id}`, asha)).statusCode).toBe(200);
    // The claim's time runs out (the database's clock decides).
    await ctx.db.update(bills).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(bills.id, id));
    expect((await billOf(id)).claim).toBeNull();
    const approved = await approveBill(id, ravi);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.handled_by.id).toBe(ravi.id);
  });

  it('an owner is refused like anyone while another holds it, and may release the claim, audited; then decides', async () => {
    const id = await newBill();
    expect((await claim(`bills/${id}`, asha)).statusCode).toBe(200);
    expectClaimedBy(await approveBill(id, owner), asha);
    expectClaimedBy(await claim(`bills/${id}`, owner), asha);

    const released = await release(`bills/${id}`, owner);
    expect(released.statusCode, released.body).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'bill'), eq(auditLog.objectId, String(id))));
    expect(entries.map((e) => e.action)).toEqual(['bill.release_claim']);
    expect(entries[0]).toMatchObject({
      actorId: owner.id,
      before: { claimed_by: { id: asha.id, name: asha.name } },
      after: { claimed_by: null },
    });
    // The item's history shows it to staff.
    const history = (await get(ctx.app, `/api/admin/audit/bill/${id}`, owner.token)).json().data.items;
    expect(history[0]).toMatchObject({ action: 'bill.release_claim' });

    expect((await approveBill(id, owner)).statusCode).toBe(200);
    // A cashier's own release writes no audit entry.
    const other = await newBill();
    await claim(`bills/${other}`, asha);
    await release(`bills/${other}`, asha);
    const none = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'bill'), eq(auditLog.objectId, String(other))));
    expect(none).toEqual([]);
  });

  it('two staff racing to open one item: exactly one holds it, the other is told who', async () => {
    for (let round = 0; round < 4; round += 1) {
      const id = await newBill();
      const answers = await Promise.all([claim(`bills/${id}`, asha), claim(`bills/${id}`, ravi)]);
      const won = answers.filter((a) => a.statusCode === 200);
      expect(won, answers.map((a) => a.body).join('\n')).toHaveLength(1);
      const winner = won[0]!.json().data.claim.by.id === asha.id ? asha : ravi;
      const loser = answers.find((a) => a.statusCode !== 200)!;
      expectClaimedBy(loser, winner);
      expect((await billOf(id)).claim.by.id).toBe(winner.id);
    }
  });

  it('two staff racing to approve an item one of them holds: the holder wins, the money moves once', async () => {
    const id = await newBill('30.00');
    expect((await claim(`bills/${id}`, ravi)).statusCode).toBe(200);
    const balance = await balanceOf(ctx, customer.id);
    const [byAsha, byRavi] = await Promise.all([approveBill(id, asha), approveBill(id, ravi)]);
    expect(byRavi.statusCode, byRavi.body).toBe(200);
    // Asha's call either met the claim or, after Ravi's approval, the handled item.
    expect(byAsha.statusCode).toBe(409);
    expect(['CLAIMED_BY_OTHER', 'ALREADY_HANDLED']).toContain(byAsha.json().code);
    expect(await balanceOf(ctx, customer.id)).toBe(balance + 3000n);
  });

  it('a claim while a decision commits: one of them happens, never a claim on a handled item', async () => {
    const id = await newBill();
    const [claimed, approved] = await Promise.all([claim(`bills/${id}`, asha), approveBill(id, ravi)]);
    expect(approved.statusCode === 200 || claimed.statusCode === 200).toBe(true);
    const bill = await billOf(id);
    if (approved.statusCode === 200) {
      expect(bill.status).toBe('approved');
      expect(bill.claim).toBeNull();
      if (claimed.statusCode !== 200) expect(claimed.json().code).toBe('ALREADY_HANDLED');
      else {
        // Claimed first, then approved? Not by Ravi: the claim would have refused him.
        throw new Error(`both succeeded: ${claimed.body} ${approved.body}`);
      }
    } else {
      expectClaimedBy(approved, asha);
      expect(bill.claim.by.id).toBe(asha.id);
    }
  });

  it('a batch skips the items someone else holds and says who holds them; the rest are handled', async () => {
    const [held, free] = [await newBill('11.00'), await newBill('12.00')];
    expect((await claim(`bills/${held}`, asha)).statusCode).toBe(200);
    const res = await post(ctx.app, '/api/admin/bills/batch', { ids: [held, free], action: 'approve' }, ravi.token);
    expect(res.statusCode, res.body).toBe(200);
    const { handled, failed, items } = res.json().data;
    expect({ handled, failed }).toEqual({ handled: 1, failed: 1 });
    expect(items[0]).toMatchObject({ id: held, status: 409, code: 'CLAIMED_BY_OTHER' });
    expect(items[0].message).toContain(asha.name);
    expect(items[1]).toMatchObject({ id: free, status: 200 });
    expect((await billOf(held)).status).toBe('pending');
    // The holder's own batch handles it.
    const own = await post(ctx.app, '/api/admin/bills/batch', { ids: [held], action: 'reject' }, asha.token);
    expect(own.json().data.handled).toBe(1);
  });

  it('the customer may still cancel an item staff hold; the claim goes with it', async () => {
    const id = await newBill();
    expect((await claim(`bills/${id}`, asha)).statusCode).toBe(200);
    const cancelled = await post(ctx.app, `/api/bills/${id}/cancel`, undefined, customer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const bill = await billOf(id);
    expect(bill).toMatchObject({ status: 'cancelled', claim: null });
    const approved = await approveBill(id, asha);
    expect(approved.json().code).toBe('ALREADY_HANDLED');
  });

  it("the header's poll carries a fingerprint of who holds what: it changes on claim, release and expiry, not on renewal", async () => {
    const stats = async () => (await get(ctx.app, '/api/admin/stats', ravi.token)).json().data.claims as string;
    const id = await newBill();
    const start = await stats();
    await claim(`bills/${id}`, asha);
    const held = await stats();
    expect(held).not.toBe(start);
    await claim(`bills/${id}`, asha);
    expect(await stats()).toBe(held);
    await release(`bills/${id}`, asha);
    expect(await stats()).toBe(start);
    await claim(`bills/${id}`, ravi);
    expect(await stats()).not.toBe(held);
    await ctx.db.update(bills).set({ claimedUntil: sql`now() - interval '1 second'` }).where(eq(bills.id, id));
    expect(await stats()).toBe(start);
  });

  it('a support member (who cannot decide) cannot claim', async () => {
    const support = await createStaffMember(ctx, 'support', { secondFactor: false });
    const id = await newBill();
    expect((await claim(`bills/${id}`, support)).statusCode).toBe(403);
    expect((await release(`bills/${id}`, support)).statusCode).toBe(403);
  });
});

describe('claims on every queue', () => {
  let item: { id: number };
  beforeAll(async () => {
    item = await createItem(ctx.app, admin.token);
  });

  /** A fresh pending item of each queue, its API path, and the holder-only decision. */
  const queues: { name: string; make: () => Promise<string>; decide: (path: string, who: Staff) => Promise<ApiResponse> }[] = [
    {
      name: 'withdrawals',
      make: async () => `withdraw/${(await withdrawUpi(ctx.app, customer.token, '5')).json().data.id}`,
      decide: (path, who) => post(ctx.app, `/api/admin/${path}/reject`, { comment: 'Wrong UPI' }, who.token),
    },
    {
      name: 'new IDs',
      make: async () => {
        const who = await customerWith(ctx, admin.token, '600');
        const created = await createFromWallet(ctx.app, who.token, item.id, '500', `claim_${Date.now() % 100000}`);
        expect(created.statusCode, created.body).toBe(200);
        return `user_ids/${created.json().data.id}`;
      },
      decide: (path, who) => post(ctx.app, `/api/admin/${path}/reject`, {}, who.token),
    },
    {
      name: 'ID requests',
      make: async () => {
        const active = await activeId(ctx, admin.token, item.id, '900');
        const deposited = await depositFromWallet(ctx.app, active.user.token, active.userIdId, '150');
        expect(deposited.statusCode, deposited.body).toBe(200);
        return `requests/${deposited.json().data.id}`;
      },
      decide: (path, who) => post(ctx.app, `/api/admin/${path}/handle`, { action: 'reject' }, who.token),
    },
  ];

  it.each(queues.map((q) => [q.name, q] as const))('%s: claimed, refused to another, decided by the holder', async (_name, queue) => {
    const path = await queue.make();
    const res = await claim(path, asha);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(ctx.app, `/api/admin/${path}`, ravi.token)).json().data.claim.by.id).toBe(asha.id);
    expectClaimedBy(await claim(path, ravi), asha);
    expectClaimedBy(await queue.decide(path, ravi), asha);
    const decided = await queue.decide(path, asha);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.claim).toBeNull();
  });

  it("a new ID's own create request is claimed with the ID, not as a request", async () => {
    const who = await customerWith(ctx, admin.token, '600');
    const created = await createFromWallet(ctx.app, who.token, item.id, '500', 'create_claim');
    const userIdId = created.json().data.id as number;
    const [createRequest] = await ctx.db
      .select({ id: idRequests.id })
      .from(idRequests)
      .where(and(eq(idRequests.userIdId, userIdId), eq(idRequests.type, 'create')));
    const res = await claim(`requests/${createRequest!.id}`, asha);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect((await claim(`user_ids/${userIdId}`, asha)).statusCode).toBe(200);
  });
});
