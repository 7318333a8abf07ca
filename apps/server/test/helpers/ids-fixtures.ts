import type { FastifyInstance } from 'fastify';
import { post, registerUser, type TestContext } from './test-app';
import { deposit, nextReference, pngImage, postForm, userIdOf } from './wallet-fixtures';

export type Customer = { token: string; id: number; email: string };

/** A newly registered customer (`overrides` over the sign-up defaults) with their user id. */
export async function customer(ctx: TestContext, overrides: Record<string, string> = {}) {
  const user = await registerUser(ctx.app, overrides);
  return { ...user, id: await userIdOf(ctx, user.email) };
}

/** A customer with money in the wallet, credited through the admin deposit call. */
export async function customerWith(ctx: TestContext, adminToken: string, amount: string): Promise<Customer> {
  const user = await customer(ctx);
  await deposit(ctx.app, adminToken, user.id, amount);
  return user;
}

/** A catalogue item through the admin API; `fields` override the defaults. */
export async function createItem(
  app: FastifyInstance,
  adminToken: string,
  fields: Record<string, string> = {},
): Promise<{ id: number; name: string; logo_url: string; min_deposit: string }> {
  const res = await postForm(
    app,
    '/api/admin/ids/create',
    {
      name: 'Lotus Book',
      website: 'https://lotus.example.com',
      description: 'Cricket and casino.',
      min_deposit: '100',
      demo_login: 'demo_lotus',
      demo_password: 'demo-pass-123',
      ...fields,
    },
    [{ field: 'image', data: await pngImage() }],
    adminToken,
  );
  if (res.statusCode !== 200) throw new Error(`catalogue item: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Ask for a new ID paid from the wallet. */
export function createFromWallet(app: FastifyInstance, token: string, itemId: number, amount = '500', username = 'player_one') {
  return postForm(app, `/api/ids/${itemId}/create`, { username, amount, pay_from: 'wallet' }, [], token);
}

type ByPayment = { amount?: string; reference?: string; proof?: boolean | Buffer };

/** The payment fields and screenshot (this one, a fresh PNG, or none when `proof` is false). */
async function paymentParts(paymentTypeId: number, { amount = '500', reference = nextReference(), proof = true }: ByPayment) {
  const image = proof === true ? await pngImage() : proof || null;
  return {
    fields: { amount, pay_from: 'payment', payment_type_id: String(paymentTypeId), reference },
    files: image ? [{ field: 'proof', data: image }] : [],
  };
}

/** Ask for a new ID paid by payment, with a screenshot unless `proof` is false. */
export async function createByPayment(
  app: FastifyInstance,
  token: string,
  itemId: number,
  paymentTypeId: number,
  { username = 'payer.one', ...payment }: ByPayment & { username?: string } = {},
) {
  const { fields, files } = await paymentParts(paymentTypeId, payment);
  return postForm(app, `/api/ids/${itemId}/create`, { username, ...fields }, files, token);
}

/** Ask for a deposit into an ID, paid by payment with a screenshot unless `proof` is false. */
export async function depositByPayment(app: FastifyInstance, token: string, userIdId: number, paymentTypeId: number, payment: ByPayment = {}) {
  const { fields, files } = await paymentParts(paymentTypeId, payment);
  return postForm(app, `/api/user_ids/${userIdId}/deposit`, fields, files, token);
}

export const LOGIN = 'lotus-login-7f3a9c';
export const PASSWORD = 'S3cret-Pa55word-e1d2';

export function approveId(app: FastifyInstance, adminToken: string, userIdId: number, amount = '500') {
  return post(app, `/api/admin/user_ids/${userIdId}/approve`, { amount, login: LOGIN, password: PASSWORD }, adminToken);
}

/** A customer with an approved ID on the item, created from the wallet. */
export async function activeId(ctx: TestContext, adminToken: string, itemId: number, walletAmount = '2000') {
  const user = await customerWith(ctx, adminToken, walletAmount);
  const created = await createFromWallet(ctx.app, user.token, itemId, '500');
  if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const userIdId = created.json().data.id as number;
  const approved = await approveId(ctx.app, adminToken, userIdId);
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  return { user, userIdId };
}

export function depositFromWallet(app: FastifyInstance, token: string, userIdId: number, amount: string) {
  return postForm(app, `/api/user_ids/${userIdId}/deposit`, { amount, pay_from: 'wallet' }, [], token);
}

export function handle(app: FastifyInstance, adminToken: string, requestId: number, body: Record<string, unknown>) {
  return post(app, `/api/admin/requests/${requestId}/handle`, body, adminToken);
}
