import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { admin } from './fixtures';

/** A real PNG, made here, for upload fields. */
export async function pngFile(name = 'screenshot.png', colour = '#4f46e5') {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export async function apiLogin(request: APIRequestContext, login: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { api_token: string } }).data.api_token;
}

export const adminToken = (request: APIRequestContext) => apiLogin(request, admin.email, admin.password);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: 'application/json' });

/** POST a JSON call as the token's owner; returns the envelope's data. */
export async function apiPost<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: Record<string, unknown> = {},
): Promise<T> {
  const res = await request.post(`/api${path}`, { headers: bearer(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

export async function apiGet<T = unknown>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: bearer(token) });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** An active UPI payment type, created by the admin through the API. */
export async function createUpiPaymentType(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/admin/payment_types/create', {
    headers: bearer(token),
    multipart: { name, kind: 'upi', upi_id: 'desk@okbank', is_active: 'true' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number; name: string } }).data;
}

/** A catalogue item with a generated logo, created by the admin through the API. */
export async function createCatalogueItem(
  request: APIRequestContext,
  token: string,
  fields: { name: string; min_deposit: string; website?: string },
) {
  const res = await request.post('/api/admin/ids/create', {
    headers: bearer(token),
    multipart: {
      name: fields.name,
      website: fields.website ?? 'https://example.com',
      min_deposit: fields.min_deposit,
      is_active: 'true',
      image: await pngFile('logo.png', '#0f766e'),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number; name: string } }).data;
}

/** Credits a user's wallet the way a customer does: add funds with a proof, then the admin approves. */
export async function topUpViaWallet(
  request: APIRequestContext,
  userToken: string,
  staffToken: string,
  amount: string,
) {
  const method = await createUpiPaymentType(request, staffToken, `Top-up UPI ${Date.now()}`);
  const res = await request.post('/api/add_funds', {
    headers: bearer(userToken),
    multipart: { amount, payment_type_id: String(method.id), reference: `UTR${Date.now()}`, proof: await pngFile() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const bill = ((await res.json()) as { data: { id: number } }).data;
  await apiPost(request, staffToken, `/admin/bills/${bill.id}/approve`);
}
