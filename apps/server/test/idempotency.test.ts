import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bills, idempotencyKeys, uploads, withdrawals } from '../src/db/schema';
import { imagePool } from '../src/lib/image-pool';
import { activeId, createItem, customerWith, LOGIN, PASSWORD } from './helpers/ids-fixtures';
import { changeFeedSettled } from './helpers/change-feed';
import { pollUntil } from './helpers/poll-until';
import { countQueries } from './helpers/query-counter';
import { createAdmin, post, useTestApp } from './helpers/test-app';
import {
  addFunds,
  balanceOf,
  createUpiPaymentType,
  expectLedgerConsistent,
  pngImage,
  postForm,
} from './helpers/wallet-fixtures';

const clock = { now: new Date() };
let app: FastifyInstance;
let admin: { token: string };

const ctx = useTestApp({}, { now: () => clock.now });
beforeAll(async () => {
  app = ctx.app;
  admin = await createAdmin(ctx);
});
afterEach(async () => {
  clock.now = new Date();
  await expectLedgerConsistent(ctx);
});

/** POST JSON with an Idempotency-Key, as the web client sends it. */
function postWithKey(url: string, body: unknown, token: string, key: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: JSON.stringify(body),
  });
}
const UPI = { method: 'upi', upi_id: 'me@okicici' };

function withdraw(token: string, amount: string, key?: string) {
  const body = { amount, ...UPI };
  return key ? postWithKey('/api/withdraw', body, token, key) : post(app, '/api/withdraw', body, token);
}

async function withdrawalCount(userId: number) {
  const [row] = await ctx.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId));
  return row!.n;
}

describe('Idempotency-Key on money-moving POSTs', () => {
  it('a retry with the same key replays the first answer and moves the money once', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const key = randomUUID();

    const first = await withdraw(user.token, '300', key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await withdraw(user.token, '300', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());

    expect(await withdrawalCount(user.id)).toBe(1);
    expect(await balanceOf(ctx, user.id)).toBe(70_000n);

    // Without a key, the same body is a new withdrawal.
    expect((await withdraw(user.token, '300')).statusCode).toBe(200);
    expect(await withdrawalCount(user.id)).toBe(2);
  });

  it('a retry after the first call emptied the wallet still replays its answer, not a 409', async () => {
    // The key's claim comes first in the call's transaction: its work would now be a 409.
    const user = await customerWith(ctx, admin.token, '300');
    const key = randomUUID();
    const first = await withdraw(user.token, '300', key);
    expect(first.statusCode).toBe(200);
    const retry = await withdraw(user.token, '300', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await withdrawalCount(user.id)).toBe(1);
    expect(await balanceOf(ctx, user.id)).toBe(0n);
  });

  it('money rule 6 with keys: 10 simultaneous sends of one key create one withdrawal', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(user.token, '100', key)));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => (a.json() as { data: { id: number } }).data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await withdrawalCount(user.id)).toBe(1);
    expect(await balanceOf(ctx, user.id)).toBe(90_000n);
  });

  it("a customer's money calls right after one another read no session; the poll reads the new balance", async () => {
    const user = await customerWith(ctx, admin.token, '100');
    await changeFeedSettled(ctx);
    const counter = countQueries(ctx.database);
    // The token check (auth repository touch_session): the session joined to its user.
    const sessionReads = () => counter.statements.filter((text) => /from "sessions" inner join "users"/.test(text));
    expect((await withdraw(user.token, '1', randomUUID())).statusCode).toBe(200);
    const first = sessionReads().length;
    // The balance changed (b:), nothing else: the next withdrawal knows its caller from memory.
    const second = await withdraw(user.token, '2', randomUUID());
    expect(second.statusCode, second.body).toBe(200);
    expect(sessionReads()).toHaveLength(first);
    // So does one after staff changed the balance by hand.
    const credit = await postWithKey('/api/admin/deposit/create', { user_id: user.id, amount: '10', comment: 'Goodwill' }, admin.token, randomUUID());
    expect(credit.statusCode, credit.body).toBe(200);
    expect((await withdraw(user.token, '3', randomUUID())).statusCode).toBe(200);
    expect(sessionReads()).toHaveLength(first);
    // The poll shows the balance: it reads it, and sees every change.
    const passport = await post(app, '/api/user/passport', {}, user.token);
    expect(passport.statusCode).toBe(200);
    expect(passport.json().data.balance).toBe('104.00');
    expect(sessionReads()).toHaveLength(first + 1);
    expect(await balanceOf(ctx, user.id)).toBe(10400n);
  });

  it('the same key on a different request is refused with 422, and nothing moves', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const key = randomUUID();
    expect((await withdraw(user.token, '100', key)).statusCode).toBe(200);

    const other = await withdraw(user.token, '200', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'VALIDATION', errors: { 'idempotency-key': [expect.any(String)] } });
    expect(await withdrawalCount(user.id)).toBe(1);
    expect(await balanceOf(ctx, user.id)).toBe(90_000n);
  });

  it('keys belong to one user: another user’s identical key is a new operation', async () => {
    const a = await customerWith(ctx, admin.token, '500');
    const b = await customerWith(ctx, admin.token, '500');
    const key = randomUUID();
    const fromA = await withdraw(a.token, '100', key);
    const fromB = await withdraw(b.token, '100', key);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['idempotent-replayed']).toBeUndefined();
    expect(fromB.json().data.id).not.toBe(fromA.json().data.id);
  });

  it('a failed call is not stored: the retry is decided afresh', async () => {
    const user = await customerWith(ctx, admin.token, '100');
    const key = randomUUID();
    const short = await withdraw(user.token, '500', key);
    expect(short.statusCode).toBe(409);
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

    await post(app, '/api/admin/deposit/create', { user_id: user.id, amount: '400', comment: 'top up' }, admin.token);
    const retry = await withdraw(user.token, '500', key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(ctx, user.id)).toBe(0n);
  });

  it('add funds (multipart): a retry replays without storing a second screenshot or bill', async () => {
    const user = await customerWith(ctx, admin.token, '1');
    const paymentType = await createUpiPaymentType(app, admin.token, 'Idem Pay');
    const key = randomUUID();
    const send = () => addFunds(app, user.token, paymentType.id, '250', undefined, 'UTR555', { 'idempotency-key': key });
    const uploadsBefore = (await ctx.db.select({ n: count() }).from(uploads))[0]!.n;
    const first = await send();
    const retry = await send();
    expect(first.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const userBills = await ctx.db.select().from(bills).where(eq(bills.userId, user.id));
    expect(userBills).toHaveLength(1);
    expect((await ctx.db.select({ n: count() }).from(uploads))[0]!.n).toBe(uploadsBefore + 1);
  });

  it('add funds with a key: a retry of an answered call is replayed before its screenshot is checked or stored again', async () => {
    const user = await customerWith(ctx, admin.token, '1');
    const paymentType = await createUpiPaymentType(app, admin.token, 'Idem Pay Before');
    const key = randomUUID();
    const image = await pngImage();
    const send = () => addFunds(app, user.token, paymentType.id, '250', image, 'UTR556', { 'idempotency-key': key });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    // A retry its checks let through is replayed at the key's claim, its screenshot taken back.
    const uploadsAfterFirst = (await ctx.db.select({ n: count() }).from(uploads))[0]!.n;
    const early = await send();
    expect(early.headers['idempotent-replayed']).toBe('true');
    expect(early.json()).toEqual(first.json());
    expect((await ctx.db.select({ n: count() }).from(uploads))[0]!.n).toBe(uploadsAfterFirst);
    // Its reference is now on an approved payment: a new call naming it would be a 409 before
    // any image work. The retry is the same call, so it gets the first answer.
    expect((await post(app, `/api/admin/bills/${first.json().data.id}/approve`, {}, admin.token)).statusCode).toBe(200);
    const uploadsBefore = (await ctx.db.select({ n: count() }).from(uploads))[0]!.n;
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await ctx.db.select({ n: count() }).from(uploads))[0]!.n).toBe(uploadsBefore);
  });

  /** The four money calls that carry a screenshot, each sent with `key` (built once the fixtures exist). */
  async function callsWithScreenshots() {
    const payer = await customerWith(ctx, admin.token, '100');
    const paymentType = String((await createUpiPaymentType(app, admin.token, `Queue Pay ${randomUUID().slice(0, 6)}`)).id);
    const item = await createItem(app, admin.token);
    const { user: holder, userIdId } = await activeId(ctx, admin.token, item.id);
    const payout = await withdraw(payer.token, '10');
    expect(payout.statusCode, payout.body).toBe(200);
    const byPayment = (key: string) => ({ amount: '500', pay_from: 'payment', payment_type_id: paymentType, reference: `UTR${key.slice(0, 8)}` });
    const send = (url: string, fields: Record<string, string>, token: string) => async (key: string) =>
      postForm(app, url, fields, [{ field: 'proof', data: await pngImage() }], token, { 'idempotency-key': key });
    return {
      'add funds': (key: string) => send('/api/add_funds', { amount: '250', payment_type_id: paymentType, reference: `UTR${key.slice(0, 8)}` }, payer.token)(key),
      'a new ID paid by payment': (key: string) => send(`/api/ids/${item.id}/create`, { username: 'queue.payer', ...byPayment(key) }, payer.token)(key),
      'a deposit into an ID paid by payment': (key: string) => send(`/api/user_ids/${userIdId}/deposit`, byPayment(key), holder.token)(key),
      'a payout approved with its screenshot': (key: string) =>
        send(`/api/admin/withdraw/${payout.json().data.id}/approve`, { reference: 'PAYOUT-Q1' }, admin.token)(key),
    };
  }

  it.each(['add funds', 'a new ID paid by payment', 'a deposit into an ID paid by payment', 'a payout approved with its screenshot'] as const)(
    '%s with a key: no statement of its transaction is sent while the screenshot waits for the image pool',
    async (name) => {
      const call = (await callsWithScreenshots())[name];
      const counter = countQueries(ctx.database);
      let release!: () => void;
      const busy = imagePool.run(() => new Promise<void>((resolve) => (release = resolve)));
      try {
        const sending = call(randomUUID());
        expect(await pollUntil(async () => imagePool.counts().queued, (queued) => queued === 1)).toBe(1);
        // Waiting for the pool: only reads outside any transaction (the call's own checks).
        const begun = () => counter.statements.filter((text) => /^begin/i.test(text));
        expect(begun(), counter.statements.join('\n---\n')).toEqual([]);
        expect(counter.statements.filter((text) => /insert into "idempotency_keys"/i.test(text))).toEqual([]);
        release();
        const res = await sending;
        expect(res.statusCode, res.body).toBe(200);
        // Then one transaction, without a savepoint.
        expect(begun()).toHaveLength(1);
        expect(counter.statements.filter((text) => /savepoint/i.test(text))).toEqual([]);
        // A first call reads no key: it claims it (and a retry is replayed at that claim).
        expect(counter.statements.filter((text) => /^select.*from "idempotency_keys"/is.test(text))).toEqual([]);
      } finally {
        release();
        await busy;
      }
    },
  );

  it.each(['a customer cancelling a top-up', 'staff crediting a balance by hand'] as const)(
    '%s with a key is one transaction: one BEGIN, no savepoint',
    async (name) => {
      const user = await customerWith(ctx, admin.token, '1');
      const paymentType = await createUpiPaymentType(app, admin.token, `Idem Cancel ${randomUUID().slice(0, 6)}`);
      const bill = await addFunds(app, user.token, paymentType.id, '250');
      expect(bill.statusCode, bill.body).toBe(200);
      const counter = countQueries(ctx.database);
      const res =
        name === 'a customer cancelling a top-up'
          ? await postWithKey(`/api/bills/${bill.json().data.id}/cancel`, {}, user.token, randomUUID())
          : await postWithKey('/api/admin/deposit/create', { user_id: user.id, amount: '5', comment: 'Goodwill' }, admin.token, randomUUID());
      expect(res.statusCode, res.body).toBe(200);
      expect(counter.statements.filter((text) => /^begin/i.test(text))).toHaveLength(1);
      expect(counter.statements.filter((text) => /savepoint/i.test(text)), counter.statements.join('\n---\n')).toEqual([]);
    },
  );

  it('add funds with one key sent five times at once: one bill, one stored screenshot, the rest replayed', async () => {
    const user = await customerWith(ctx, admin.token, '1');
    const paymentType = await createUpiPaymentType(app, admin.token, 'Idem Pay Together');
    const key = randomUUID();
    const image = await pngImage();
    const proofs = () => {
      try {
        return readdirSync(join(ctx.config.dataDir, 'uploads', 'proofs')).length;
      } catch {
        return 0;
      }
    };
    const filesBefore = proofs();
    const sent = await Promise.all(
      Array.from({ length: 5 }, () => addFunds(app, user.token, paymentType.id, '250', image, 'UTR558', { 'idempotency-key': key })),
    );
    for (const res of sent) expect(res.statusCode, res.body).toBe(200);
    expect(sent.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(new Set(sent.map((res) => res.json().data.id)).size).toBe(1);
    expect(await ctx.db.select().from(bills).where(eq(bills.userId, user.id))).toHaveLength(1);
    // Each call checked and stored its screenshot before the key's claim; the four that lost it
    // took theirs back.
    expect(proofs()).toBe(filesBefore + 1);
  });

  it('issue 15 finding 4: add funds (multipart) with a reused key and other data is 422', async () => {
    const user = await customerWith(ctx, admin.token, '1');
    const paymentType = await createUpiPaymentType(app, admin.token, 'Idem Pay Two');
    const key = randomUUID();
    const fields = { amount: '250', payment_type_id: String(paymentType.id), reference: 'UTR777' };
    const send = async (form: Record<string, string>, image: Buffer) =>
      postForm(app, '/api/add_funds', form, [{ field: 'proof', data: image }], user.token, { 'idempotency-key': key });
    const image = await pngImage();
    const first = await send(fields, image);
    expect(first.statusCode, first.body).toBe(200);

    const otherAmount = await send({ ...fields, amount: '900' }, image);
    const otherReference = await send({ ...fields, reference: 'UTR778' }, image);
    const otherImage = await send(fields, await pngImage(65, 48));
    for (const refused of [otherAmount, otherReference, otherImage]) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toHaveProperty('idempotency-key');
      expect(refused.headers['idempotent-replayed']).toBeUndefined();
    }
    const same = await send(fields, image);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(first.json());
    expect(await ctx.db.select().from(bills).where(eq(bills.userId, user.id))).toHaveLength(1);
  });

  it('issue 15 finding 4: a new ID (multipart) with a reused key and another username is 422', async () => {
    const item = await createItem(app, admin.token, { name: 'Idem Book' });
    const user = await customerWith(ctx, admin.token, '2000');
    const key = randomUUID();
    const create = (username: string) =>
      postForm(app, `/api/ids/${item.id}/create`, { username, amount: '500', pay_from: 'wallet' }, [], user.token, {
        'idempotency-key': key,
      });
    const first = await create('idem_first');
    expect(first.statusCode, first.body).toBe(200);
    const other = await create('idem_other');
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().errors).toHaveProperty('idempotency-key');
    expect((await create('idem_first')).headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(ctx, user.id)).toBe(150_000n);
  });

  it('an admin approval retried with its key replays the success instead of 409', async () => {
    const user = await customerWith(ctx, admin.token, '500');
    const created = await withdraw(user.token, '200');
    const id = created.json().data.id as number;
    const key = randomUUID();
    const approve = () =>
      postWithKey(`/api/admin/withdraw/${id}/reject`, { comment: 'wrong UPI' }, admin.token, key);
    const first = await approve();
    const retry = await approve();
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // Without the key, a second handle is still 409.
    const again = await post(app, `/api/admin/withdraw/${id}/reject`, { comment: 'x' }, admin.token);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(ctx, user.id)).toBe(50_000n);
  });

  it('the stored answer is sealed: an ID approval’s credentials are not in the table in clear', async () => {
    const item = await createItem(app, admin.token, { name: 'Sealed Book' });
    const user = await customerWith(ctx, admin.token, '1000');
    const created = await postForm(app, `/api/ids/${item.id}/create`, { username: 'sealed_one', amount: '500', pay_from: 'wallet' }, [], user.token);
    const key = randomUUID();
    const body = { amount: '500', login: LOGIN, password: PASSWORD };
    const url = `/api/admin/user_ids/${created.json().data.id}/approve`;
    const first = await postWithKey(url, body, admin.token, key);
    const retry = await postWithKey(url, body, admin.token, key);
    expect(first.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(JSON.stringify(retry.json())).toContain(PASSWORD);

    const rows = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.response).toMatch(/^v1\./);
    expect(rows[0]!.response).not.toContain(PASSWORD);
    expect(rows[0]!.response).not.toContain(LOGIN);
  });

  it('a malformed key is 422 and nothing moves', async () => {
    const user = await customerWith(ctx, admin.token, '500');
    for (const bad of ['has space', 'x'.repeat(256), 'ключ']) {
      const res = await withdraw(user.token, '100', bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors).toHaveProperty('idempotency-key');
    }
    expect(await withdrawalCount(user.id)).toBe(0);
  });

  it(`a key is replayed for ${24} hours; after that it starts a new operation`, async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const key = randomUUID();
    await withdraw(user.token, '100', key);
    clock.now = new Date(Date.now() + 23 * 3600_000);
    expect((await withdraw(user.token, '100', key)).headers['idempotent-replayed']).toBe('true');
    clock.now = new Date(Date.now() + 25 * 3600_000);
    const late = await withdraw(user.token, '100', key);
    expect(late.statusCode).toBe(200);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawalCount(user.id)).toBe(2);
  });

  it('every money-moving POST documents the header in OpenAPI', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const withHeader = Object.entries(doc.paths)
      .filter(([, ops]) => ops.post?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
      .map(([path]) => path)
      .sort();
    expect(withHeader).toEqual(
      [
        '/api/add_funds',
        '/api/withdraw',
        '/api/ids/{id}/create',
        '/api/user_ids/{id}/deposit',
        '/api/user_ids/{id}/withdraw',
        '/api/user_ids/{id}/close',
        // Issue 17: the customer's cancels release holds, so they are money calls too.
        '/api/bills/{id}/cancel',
        '/api/withdraw/{id}/cancel',
        '/api/user_ids/{id}/cancel',
        '/api/requests/{id}/cancel',
        '/api/admin/bills/{id}/approve',
        '/api/admin/bills/{id}/reject',
        '/api/admin/withdraw/{id}/approve',
        '/api/admin/withdraw/{id}/reject',
        '/api/admin/user_ids/{id}/approve',
        '/api/admin/user_ids/{id}/reject',
        '/api/admin/requests/{id}/handle',
        '/api/admin/deposit/create',
        '/api/admin/withdraw/create',
      ].sort(),
    );
  });
});
