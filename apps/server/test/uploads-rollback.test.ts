import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bills, uploads } from '../src/db/schema';
import { activeId, createByPayment, createItem, customerWith } from './helpers/ids-fixtures';
import { type ApiResponse, createAdmin, createTestApp, type TestContext } from './helpers/test-app';
import { UPLOAD_STORES, type UploadStore } from './helpers/upload-stores';
import { addFunds, createUpiPaymentType, pngImage, postForm, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * Every call that stores an image, made to fail inside its transaction after the image is
 * stored: a trigger on the table (installed by the test, on the real database) raises an
 * error. The rows roll back; the file must go too, on disk and in the bucket.
 */
describe.each(UPLOAD_STORES)('a stored file does not outlive a rolled-back transaction ($name)', ({ start }) => {
  let store: UploadStore;
  let ctx: TestContext;
  let admin: { token: string };
  let user: { token: string; id: number };
  let paymentTypeId: number;
  let itemId: number;
  let activeUserIdId: number;
  let activeOwner: { token: string };
  let withdrawalId: number;
  let mediaFree = 0;

  const exec = (statement: string) => ctx.db.execute(sql.raw(statement));
  /** Raise on every row written to `table` (`event`: INSERT or UPDATE) until lifted. */
  const refuse = async (table: string, event: 'INSERT' | 'UPDATE') => {
    await exec(`CREATE TRIGGER test_refuse AFTER ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION test_refuse()`);
    return () => exec(`DROP TRIGGER test_refuse ON ${table}`);
  };
  const uploadRows = async () => (await ctx.db.select({ n: count() }).from(uploads))[0]!.n;

  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp(store.env);
    await exec(
      `CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test after the file was stored'; END $$`,
    );
    admin = await createAdmin(ctx);
    user = await customerWith(ctx, admin.token, '5000');
    paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
    itemId = (await createItem(ctx.app, admin.token)).id;
    const active = await activeId(ctx, admin.token, itemId);
    activeUserIdId = active.userIdId;
    activeOwner = active.user;
    const withdrawal = await withdrawUpi(ctx.app, user.token, '100');
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    withdrawalId = withdrawal.json().data.id;
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.stop();
  });

  const logo = async () => [{ field: 'image', data: await pngImage(40, 40) }];
  const CALLS: [string, () => Promise<ApiResponse>][] = [
    ['add funds', () => addFunds(ctx.app, user.token, paymentTypeId, '10')],
    ['a new ID paid by payment', () => createByPayment(ctx.app, user.token, itemId, paymentTypeId)],
    [
      'a deposit into an ID paid by payment',
      async () =>
        postForm(
          ctx.app,
          `/api/user_ids/${activeUserIdId}/deposit`,
          { amount: '300', pay_from: 'payment', payment_type_id: String(paymentTypeId), reference: 'UTR555444333' },
          [{ field: 'proof', data: await pngImage() }],
          activeOwner.token,
        ),
    ],
    [
      'a withdrawal approved with a payout screenshot',
      async () =>
        postForm(ctx.app, `/api/admin/withdraw/${withdrawalId}/approve`, { reference: 'PAYOUT-1' }, [{ field: 'proof', data: await pngImage() }], admin.token),
    ],
    [
      'a payment type created with a QR code',
      async () =>
        postForm(ctx.app, '/api/admin/payment_types/create', { name: 'Paytm', kind: 'upi', upi_id: 'desk@paytm' }, [{ field: 'qr', data: await pngImage(50, 50) }], admin.token),
    ],
    [
      'a payment type given a new QR code',
      async () =>
        postForm(ctx.app, `/api/admin/payment_types/${paymentTypeId}/edit`, { name: 'GPay', kind: 'upi', upi_id: 'desk@okaxis' }, [{ field: 'qr', data: await pngImage(50, 50) }], admin.token),
    ],
    [
      'a catalogue item created with its logo',
      async () =>
        postForm(
          ctx.app,
          '/api/admin/ids/create',
          { name: 'Sky Exchange', website: 'https://sky.example.com', description: 'Sports.', min_deposit: '100', demo_login: 'demo_sky', demo_password: 'demo-pass-456' },
          await logo(),
          admin.token,
        ),
    ],
    [
      'a catalogue item given a new logo',
      async () =>
        postForm(
          ctx.app,
          `/api/admin/ids/${itemId}/edit`,
          { name: 'Lotus Book', website: 'https://lotus.example.com', description: 'Cricket and casino.', min_deposit: '100', demo_login: 'demo_lotus', demo_password: 'demo-pass-123' },
          await logo(),
          admin.token,
        ),
    ],
    [
      'a media image',
      async () => postForm(ctx.app, '/api/admin/media/create', { title: `Payout day ${++mediaFree}` }, await logo(), admin.token),
    ],
  ];

  it.each(CALLS)('%s', async (_name, call) => {
    const keysBefore = await store.keys(ctx);
    const rowsBefore = await uploadRows();
    const lift = await refuse('uploads', 'INSERT');
    let res: ApiResponse;
    try {
      res = await call();
    } finally {
      await lift();
    }
    // A 500 (not a 4xx) means the call got past its checks and the image work to the
    // database, where the trigger refused it.
    expect(res.statusCode, res.body).toBe(500);
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await store.keys(ctx)).toEqual(keysBefore);

    // Unrefused, the same call stores its file (a replaced logo or QR code goes): the check
    // above could have failed.
    const ok = await call();
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await store.keys(ctx)).filter((k) => !keysBefore.includes(k))).toHaveLength(1);
  });

  describe('with an Idempotency-Key', () => {
    let lift: (() => Promise<unknown>) | undefined;
    afterEach(async () => {
      await lift?.();
      lift = undefined;
    });

    it('a failure after the service committed its part (storing the answer) still takes the file back', async () => {
      const key = randomUUID();
      const send = async () =>
        postForm(
          ctx.app,
          '/api/add_funds',
          { amount: '25', payment_type_id: String(paymentTypeId), reference: 'UTR-IDEM-1' },
          [{ field: 'proof', data: await pngImage() }],
          user.token,
          { 'idempotency-key': key },
        );
      const billsOf = async () => (await ctx.db.select({ n: count() }).from(bills).where(eq(bills.reference, 'UTR-IDEM-1')))[0]!.n;
      const keysBefore = await store.keys(ctx);

      // The sealed answer is the last write of the key's transaction, after the bill's.
      lift = await refuse('idempotency_keys', 'UPDATE');
      const failed = await send();
      expect(failed.statusCode, failed.body).toBe(500);
      expect(await billsOf()).toBe(0);
      expect(await store.keys(ctx)).toEqual(keysBefore);
      await lift();
      lift = undefined;

      // The retry with the same key is decided afresh and stores one file.
      const retried = await send();
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await billsOf()).toBe(1);
      const proofKey = `proofs/${(retried.json().data.proof_url as string).split('/').pop()}`;
      expect(await store.keys(ctx)).toEqual([...keysBefore, proofKey].sort());
    });
  });
});
