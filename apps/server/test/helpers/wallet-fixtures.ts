import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { users } from '../../src/db/schema';
import { ledgerChecks } from '../../src/modules/ledger/invariant';
import { type ApiResponse, post, postKeyed, type TestContext } from './test-app';

export async function userIdOf(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

export async function balanceOf(ctx: TestContext, userId: number): Promise<bigint> {
  const [row] = await ctx.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

/** Money rules 1 and 2 for every user in the database; run after every test. */
export async function expectLedgerConsistent(ctx: TestContext): Promise<void> {
  const broken = (await ledgerChecks(ctx.db)).filter((c) => !c.ok);
  expect(broken, 'balance == sum of counting rows, and >= 0, for every user').toEqual([]);
}

/* ---------- images ---------- */

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (camera model, orientation) that the upload must strip. */
export function jpegWithExif(width = 80, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'SpyCam', Model: 'Leaky 3000' } })
    .jpeg()
    .toBuffer();
}

/** Random noise compresses to nothing, so this PNG is over 6 MB on disk. */
export function sixMegabytePng(): Promise<Buffer> {
  const width = 1500;
  const height = 1400;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 4) raw.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** One PNG chunk: length, type, data and CRC, for images written by hand. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid 20 000 × 20 000 one-bit PNG (400 megapixels of white). Written by hand:
 * sharp would take many seconds to encode it, while the deflated rows are ~50 KB.
 */
export function hugePng(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const rows = Buffer.alloc(rowBytes * side, 0xff);
  for (let y = 0; y < side; y += 1) rows[y * rowBytes] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/* ---------- requests ---------- */

export type FilePart = { field: string; data: Buffer; filename?: string; type?: string };

/** POST multipart form data the way a browser does (the fetch API encodes it). */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
  token?: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.filename ?? 'image.png',
    );
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      'content-type': encoded.headers.get('content-type')!,
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  }) as Promise<ApiResponse>;
}

/* ---------- wallet set-up through the API ---------- */

export async function createUpiPaymentType(app: FastifyInstance, adminToken: string, name = 'GPay') {
  const res = await postForm(app, '/api/admin/payment_types/create', { name, kind: 'upi', upi_id: 'desk@okaxis' }, [], adminToken);
  if (res.statusCode !== 200) throw new Error(`payment type: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; name: string };
}

/** Credit a user through the admin deposit call: the ledger stays consistent. */
export async function deposit(app: FastifyInstance, adminToken: string, userId: number, amount: string) {
  const res = await post(app, '/api/admin/deposit/create', { user_id: userId, amount, comment: 'test funds' }, adminToken);
  if (res.statusCode !== 200) throw new Error(`deposit: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

let references = 0;
/** A fresh payment reference: a UTR approved once is refused afterwards (issue 16). */
export function nextReference(): string {
  references += 1;
  return `UTR${process.pid}${Date.now() % 1_000_000}${references}`;
}

export async function addFunds(
  app: FastifyInstance,
  token: string,
  paymentTypeId: number,
  amount = '500.00',
  proof?: Buffer,
  reference = nextReference(),
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return postForm(
    app,
    '/api/add_funds',
    { amount, payment_type_id: String(paymentTypeId), reference },
    [{ field: 'proof', data: proof ?? (await pngImage()) }],
    token,
    headers,
  );
}

/** The admin approves a bill; `body` confirms a reused proof (`confirm_reused`, `comment`). */
export function approveBill(app: FastifyInstance, adminToken: string, billId: number, body?: Record<string, unknown>) {
  return post(app, `/api/admin/bills/${billId}/approve`, body, adminToken);
}

export function withdrawUpi(app: FastifyInstance, token: string, amount: string | number) {
  return post(app, '/api/withdraw', { amount, method: 'upi', upi_id: 'me@okicici' }, token);
}

/** `withdrawUpi` with an Idempotency-Key, as the web client sends it. */
export function withdrawUpiKeyed(app: FastifyInstance, token: string, amount: string | number, key: string = randomUUID()) {
  return postKeyed(app, '/api/withdraw', { amount, method: 'upi', upi_id: 'me@okicici' }, token, key);
}

/**
 * A money call is one transaction with or without an Idempotency-Key (decision 034), and each
 * money rule's test runs both ways: `post` and `withdraw` send a fresh key each call, or none.
 */
export const WITH_AND_WITHOUT_KEY = [
  { keyed: false, name: 'without a key', post: (app: FastifyInstance, url: string, body: unknown, token: string) => post(app, url, body, token), withdraw: withdrawUpi },
  {
    keyed: true,
    name: 'with a key',
    post: (app: FastifyInstance, url: string, body: unknown, token: string) => postKeyed(app, url, body ?? {}, token, randomUUID()),
    withdraw: (app: FastifyInstance, token: string, amount: string | number) => withdrawUpiKeyed(app, token, amount),
  },
] as const;

/** A screenshot-like picture: a seeded grid of grey blocks, so each seed looks different. */
export async function patternImage(seed: number, width = 360, height = 640): Promise<Buffer> {
  let state = seed * 7919 + 17;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const cols = 6;
  const rows = 10;
  const cells = Array.from({ length: cols * rows }, () => Math.floor(random() * 256));
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const v = cells[Math.floor((y * rows) / height) * cols + Math.floor((x * cols) / width)]!;
      raw.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** The same picture re-saved as a smaller, lower-quality JPEG. */
export const reEncoded = async (image: Buffer) => sharp(image).resize(270, 480).jpeg({ quality: 45 }).toBuffer();
