import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bills, transactions, uploads, withdrawals } from '../src/db/schema';
import { post, registerUser } from './helpers/test-app';
import { balanceOf, createUpiPaymentType, deposit, hugePng, PDF_BYTES, pngImage, postForm, sixMegabytePng, userIdOf } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

let user: { token: string; id: number };
let inactivePaymentTypeId: number;

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true });
beforeAll(async () => {
  const registered = await registerUser(ctx.app);
  user = { token: registered.token, id: await userIdOf(ctx, registered.email) };
  inactivePaymentTypeId = (await createUpiPaymentType(ctx.app, admin.token, 'Old account')).id;
  await post(ctx.app, `/api/admin/payment_types/${inactivePaymentTypeId}/deactivate`, undefined, admin.token);
  await deposit(ctx.app, admin.token, user.id, '1000');
});

/** Nothing of the wallet moved: only the set-up deposit exists, no bill, no withdrawal, no file. */
async function expectNoMoneyMoved() {
  expect(await balanceOf(ctx, user.id)).toBe(100000n);
  expect(await ctx.db.select().from(transactions).where(eq(transactions.userId, user.id))).toHaveLength(1);
  expect(await ctx.db.select().from(bills)).toHaveLength(0);
  expect(await ctx.db.select().from(withdrawals)).toHaveLength(0);
  expect(await ctx.db.select().from(uploads).where(eq(uploads.visibility, 'private'))).toHaveLength(0);
}

function addFundsWith(fields: Record<string, string>, proof: { data: Buffer; filename?: string; type?: string } | null) {
  const base = { amount: '100', payment_type_id: String(paymentType.id), reference: 'UTR99887766' };
  return postForm(ctx.app, '/api/add_funds', { ...base, ...fields }, proof ? [{ field: 'proof', ...proof }] : [], user.token);
}

const BAD_AMOUNTS: [string, string | number, string][] = [
  ['zero', '0', 'The amount must be greater than zero.'],
  ['zero as a number', 0, 'The amount must be greater than zero.'],
  // Issue 17: each message says what is wrong (money-limits.test.ts has the rest).
  ['negative', '-5', 'The amount must be greater than zero; leave out the minus sign.'],
  ['negative as a number', -5, 'The amount must be greater than zero; leave out the minus sign.'],
  ['three decimals', '10.123', 'The amount can have at most two decimals (paise), like 1500.50.'],
  ['non-numeric', 'ten', 'Enter the amount in digits, like 1500 or 1500.50.'],
  ['thirteen digits', '1000000000000', 'The amount is too large: at most ₹10,00,00,000.00.'],
];

describe('bad input: 422 with the field named, no money moved', () => {
  for (const [name, amount, message] of BAD_AMOUNTS) {
    it(`withdraw: ${name} amount`, async () => {
      const res = await post(ctx.app, '/api/withdraw', { amount, method: 'upi', upi_id: 'me@okicici' }, user.token);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', data: null, errors: { amount: [message] } });
      await expectNoMoneyMoved();
    });

    if (typeof amount === 'string') {
      it(`add funds: ${name} amount`, async () => {
        const res = await addFundsWith({ amount }, { data: await pngImage() });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ amount: [message] });
        await expectNoMoneyMoved();
      });
    }

    it(`admin deposit and withdraw: ${name} amount`, async () => {
      for (const url of ['/api/admin/deposit/create', '/api/admin/withdraw/create']) {
        const res = await post(ctx.app, url, { user_id: user.id, amount, comment: 'x' }, admin.token);
        expect(res.statusCode, url).toBe(422);
        expect(res.json().errors.amount).toEqual([message]);
      }
      await expectNoMoneyMoved();
    });
  }

  it('withdraw: an amount above the balance is 409 INSUFFICIENT_BALANCE', async () => {
    const res = await post(ctx.app, '/api/withdraw', { amount: '1000.01', method: 'upi', upi_id: 'me@okicici' }, user.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'The balance is not enough for this amount.' });
    await expectNoMoneyMoved();
  });

  it('withdraw: missing or malformed destination fields are named', async () => {
    const noMethod = await post(ctx.app, '/api/withdraw', { amount: '10' }, user.token);
    expect(noMethod.json().errors).toEqual({ method: ['Choose UPI or bank transfer.'] });
    const bank = await post(ctx.app, '/api/withdraw', { amount: '10', method: 'bank', ifsc: 'NOPE' }, user.token);
    expect(bank.statusCode).toBe(422);
    expect(Object.keys(bank.json().errors).sort()).toEqual(['account_holder', 'account_number', 'ifsc']);
    const upi = await post(ctx.app, '/api/withdraw', { amount: '10', method: 'upi', upi_id: 'not-a-upi' }, user.token);
    expect(upi.json().errors).toEqual({ upi_id: ['Enter a valid UPI id, like name@bank.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: a missing payment type', async () => {
    const res = await addFundsWith({ payment_type_id: '' }, { data: await pngImage() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ payment_type_id: ['Choose a payment type.'] });
    const unknown = await addFundsWith({ payment_type_id: '424242' }, { data: await pngImage() });
    expect(unknown.json().errors).toEqual({ payment_type_id: ['The selected payment type is not available.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: an inactive payment type', async () => {
    const res = await addFundsWith({ payment_type_id: String(inactivePaymentTypeId) }, { data: await pngImage() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ payment_type_id: ['The selected payment type is not available.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: a missing screenshot, and several problems at once', async () => {
    const res = await addFundsWith({ reference: '', amount: '' }, null);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      amount: ['Enter the amount.'],
      reference: ['Enter the payment reference (UTR).'],
      proof: ['Attach a screenshot of the payment.'],
    });
    await expectNoMoneyMoved();
  });

  it('add funds: a PDF renamed .png', async () => {
    const res = await addFundsWith({}, { data: PDF_BYTES, filename: 'screenshot.png', type: 'image/png' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ proof: ['The file must be a JPEG, PNG or WebP image.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: a GIF (a real image, not an accepted format)', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const res = await addFundsWith({}, { data: gif, filename: 'x.png' });
    expect(res.json().errors).toEqual({ proof: ['The file must be a JPEG, PNG or WebP image.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: a 6 MB image is 422 on its field (not 413), other fields still checked', async () => {
    const big = await sixMegabytePng();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await addFundsWith({ reference: '' }, { data: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      reference: ['Enter the payment reference (UTR).'],
      proof: ['The image may not be larger than 5 MB.'],
    });
    await expectNoMoneyMoved();
  });

  // Refused by sharp's pixel limit on the header (lib/image-work.ts): not a gigabyte of pixels is
  // decoded. How fast is the bench's business, not a test's (a loaded host would fail it).
  it('add funds: a 20 000 × 20 000 PNG is refused from its header', async () => {
    const bomb = hugePng();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await addFundsWith({}, { data: bomb, filename: 'bomb.png' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ proof: ['The image may not be larger than 40 megapixels.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: a file in an unknown field and a second proof are named', async () => {
    const png = await pngImage();
    const res = await postForm(
      ctx.app,
      '/api/add_funds',
      { amount: '10', payment_type_id: String(paymentType.id), reference: 'UTR1234', extra: 'x' },
      [{ field: 'proof', data: png }],
      user.token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ extra: ['The extra field is not allowed.'] });
    await expectNoMoneyMoved();
  });

  it('add funds: malformed multipart is a 400, never a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/add_funds',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'multipart/form-data; boundary=----x',
      },
      payload: '------x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n10\r\n------x\r\nContent-Disposition: form-data; name="proof"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', data: null });
    await expectNoMoneyMoved();
  });

  it('admin deposit/withdraw: unknown user and missing comment are named', async () => {
    const res = await post(ctx.app, '/api/admin/deposit/create', { user_id: 987654, amount: '5', comment: 'x' }, admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ user_id: ['The selected user does not exist.'] });
    const noComment = await post(ctx.app, '/api/admin/withdraw/create', { user_id: user.id, amount: '5' }, admin.token);
    expect(noComment.json().errors).toEqual({ comment: ['Enter a comment: it is kept with the change.'] });
    await expectNoMoneyMoved();
  });

  it('lists: a bad pending flag or page is 422 naming it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/transactions?pending=maybe&page=0',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'pending']);
  });
});
