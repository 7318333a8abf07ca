import { describe, expect, it } from 'vitest';
import { catalogueItems, idRequests, transactions, uploads, userIds } from '../src/db/schema';
import { post } from './helpers/test-app';
import { activeId, createByPayment, createFromWallet, createItem, customerWith } from './helpers/ids-fixtures';
import { balanceOf, PDF_BYTES, pngImage, postForm } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

const { ctx, admin, paymentType, item } = useStaffedApp({ paymentType: true, item: { min_deposit: '250' }, ledgerCheck: true });

/** Row counts of everything a refused call could have left behind. */
async function stored() {
  return {
    items: await ctx.db.$count(catalogueItems),
    userIds: await ctx.db.$count(userIds),
    requests: await ctx.db.$count(idRequests),
    uploads: await ctx.db.$count(uploads),
    ledger: await ctx.db.$count(transactions),
  };
}

/** Run a call that must be refused, and check nothing was stored. */
async function refused(call: () => Promise<{ statusCode: number; json(): any }>) { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect freely
  const before = await stored();
  const res = await call();
  expect(await stored()).toEqual(before);
  return res;
}

describe('new ID: bad input is refused, naming the field, and stores nothing', () => {
  it('unknown catalogue item: 404', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const res = await refused(() => createFromWallet(ctx.app, user.token, 999_999, '300'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('inactive catalogue item: 404 "not available any more" (like a missing one: it is off the catalogue)', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const hidden = await createItem(ctx.app, admin.token, { name: 'Retired', is_active: 'false' });
    const res = await refused(() => createFromWallet(ctx.app, user.token, hidden.id, '300'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This ID is not available any more.');
    expect(await balanceOf(ctx, user.id)).toBe(100000n);
  });

  it('amount under the item minimum: 422 on amount', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const res = await refused(() => createFromWallet(ctx.app, user.token, item.id, '249.99'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: ['The amount must be at least ₹250.00 for this ID.'] });
    const byPayment = await refused(() => createByPayment(ctx.app, user.token, item.id, paymentType.id, { amount: '10' }));
    expect(byPayment.json().errors.amount).toEqual(['The amount must be at least ₹250.00 for this ID.']);
  });

  it('username with spaces or 200 characters: 422 on username', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const spaced = await refused(() => createFromWallet(ctx.app, user.token, item.id, '300', 'my name'));
    expect(spaced.statusCode).toBe(422);
    expect(spaced.json().errors.username).toEqual([
      'The username may only use letters, digits, dots, underscores and hyphens — no spaces.',
    ]);
    const long = await refused(() => createFromWallet(ctx.app, user.token, item.id, '300', 'a'.repeat(200)));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.username).toEqual(['The username must be 3–32 characters long.']);
    const missing = await refused(() => postForm(ctx.app, `/api/ids/${item.id}/create`, { amount: '300', pay_from: 'wallet' }, [], user.token));
    expect(missing.json().errors.username).toEqual(['Enter a username.']);
  });

  it('paying by payment without a screenshot: 422 on proof; without type or reference: 422 on those', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const noProof = await refused(() => createByPayment(ctx.app, user.token, item.id, paymentType.id, { proof: false }));
    expect(noProof.statusCode).toBe(422);
    expect(noProof.json().errors).toEqual({ proof: ['Attach a screenshot of the payment.'] });

    const bare = await refused(() =>
      postForm(ctx.app, `/api/ids/${item.id}/create`, { username: 'abc', amount: '300', pay_from: 'payment' }, [], user.token),
    );
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors).sort()).toEqual(['payment_type_id', 'reference']);

    const notImage = await refused(() =>
      postForm(
        ctx.app,
        `/api/ids/${item.id}/create`,
        { username: 'abc', amount: '300', pay_from: 'payment', payment_type_id: String(paymentType.id), reference: 'UTR' },
        [{ field: 'proof', data: PDF_BYTES, filename: 'proof.png' }],
        user.token,
      ),
    );
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors).toEqual({ proof: ['The file must be a JPEG, PNG or WebP image.'] });
  });

  it('a bad pay_from or amount: 422 naming the field', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const res = await refused(() =>
      postForm(ctx.app, `/api/ids/${item.id}/create`, { username: 'abc', amount: '12.345', pay_from: 'card' }, [], user.token),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      amount: ['The amount can have at most two decimals (paise), like 1500.50.'],
      pay_from: ['Choose to pay from the wallet or by payment.'],
    });
  });
});

describe('requests on an ID: bad input', () => {
  it('deposit under the minimum, withdraw of zero, a 200-character password wish: 422 and nothing stored', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id, '1000');
    const low = await refused(() => postForm(ctx.app, `/api/user_ids/${userIdId}/deposit`, { amount: '100', pay_from: 'wallet' }, [], user.token));
    expect(low.json().errors.amount).toEqual(['The amount must be at least ₹250.00 for this ID.']);
    const noProof = await refused(() =>
      postForm(
        ctx.app,
        `/api/user_ids/${userIdId}/deposit`,
        { amount: '300', pay_from: 'payment', payment_type_id: String(paymentType.id), reference: 'UTR' },
        [],
        user.token,
      ),
    );
    expect(noProof.json().errors).toEqual({ proof: ['Attach a screenshot of the payment.'] });
    const zero = await refused(() => post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: 0 }, user.token));
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toEqual(['The amount must be greater than zero.']);
    const long = await refused(() => post(ctx.app, `/api/user_ids/${userIdId}/change_password`, { password: 'x'.repeat(200) }, user.token));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.password).toEqual(['The password may not be longer than 100 characters.']);
  });
});

describe('catalogue admin: bad input', () => {
  it('a non-image logo: 422 on image, nothing stored', async () => {
    const res = await refused(() =>
      postForm(
        ctx.app,
        '/api/admin/ids/create',
        { name: 'Fake', website: 'https://fake.example.com', min_deposit: '100' },
        [{ field: 'image', data: PDF_BYTES, filename: 'logo.png', type: 'image/png' }],
        admin.token,
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ['The file must be a JPEG, PNG or WebP image.'] });
  });

  it('missing logo, name, website and minimum: 422 naming each', async () => {
    const res = await refused(() => postForm(ctx.app, '/api/admin/ids/create', {}, [], admin.token));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['image', 'min_deposit', 'name', 'website']);
    expect(res.json().errors.image).toEqual(['Attach a logo image.']);
  });

  it('half a demo login, a non-https website: 422 naming the field', async () => {
    const res = await refused(async () =>
      postForm(
        ctx.app,
        '/api/admin/ids/create',
        { name: 'X', website: 'ftp://x.example.com', min_deposit: '100', demo_login: 'only-login' },
        [{ field: 'image', data: await pngImage() }],
        admin.token,
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      website: ['Enter the website address, like https://example.com.'],
      demo_password: ['Enter the demo password too.'],
    });
  });

  it('editing an unknown item is 404; a non-image logo on edit keeps the item as it was', async () => {
    const fields = { name: 'Edited', website: 'example.com', min_deposit: '100' };
    expect((await postForm(ctx.app, '/api/admin/ids/999999/edit', fields, [], admin.token)).statusCode).toBe(404);
    const res = await refused(() =>
      postForm(ctx.app, `/api/admin/ids/${item.id}/edit`, fields, [{ field: 'image', data: PDF_BYTES }], admin.token),
    );
    expect(res.statusCode).toBe(422);
    expect((await post(ctx.app, '/api/admin/ids/999999/delete', undefined, admin.token)).statusCode).toBe(404);
  });
});
