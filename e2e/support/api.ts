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
