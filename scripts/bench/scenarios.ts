// What `npm run bench` sends: the poll calls, the catalogue, the reviews page (fresh and
// revalidated with If-None-Match), login, the money calls (a keyed withdrawal, staff approving
// withdrawals) and a deposit with a screenshot, each with the headers a browser sends.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { RequestShape } from './load';
import { BENCH_PASSWORD, type BenchUser } from './seed';
import { IDLE_STREAMS, openIdleStreams } from './streams';

/** What some rows need from the running server before they are measured. */
export type BenchState = {
  etags: Record<string, string>;
  adminToken: string;
  pendingWithdrawals: number[];
  paymentTypeId: number;
  screenshots: Buffer[];
  deposit: ((n: number) => RequestShape) | null;
};

export type Scenario = {
  key: string;
  name: string;
  poll: boolean;
  /** Fewer connections than the default (uploads: the image queue holds 1 + 8). */
  connections?: number;
  /** A longer warm-up than the default, for a row of few calls a second (DEPOSIT_WARMUP). */
  warmupSeconds?: number;
  prepare?: (url: string) => Promise<void>;
  /** Undoes what `prepare` left running, after the row. */
  finish?: () => void;
  request: (n: number) => RequestShape;
};

const ADMIN_EMAIL = 'admin@bench.iddesk.local';

/**
 * The deposit rows' warm-up, in seconds. They run ~100 calls a second, a two-hundredth of the
 * poll rows, and V8 optimises a function after it has run a while: in half-second windows
 * (`--series`, 2026-11-29) the main thread read 3.5 ms a deposit in the first 2 s, 2.75 in the
 * next 2, ~2.3 from 4 to 10 s and ~2.0 from 16 s on. A running server is past that; the row is
 * measured past it too, and so is the row of the code before issue 19.
 */
export const DEPOSIT_WARMUP = 15;

/**
 * A phone screenshot of about 100 KB as PNG: flat colours with some text-like noise,
 * 390 × 844, the size the issue measures deposits with. `variant` changes the shading of the
 * screen's regions, so each variant is a different picture to the look-alike search.
 */
export async function screenshotPng(variant = 0): Promise<Buffer> {
  const width = 390;
  const height = 844;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff);
  // 4 × 8 regions, each a little lighter or darker: bits of the variant number.
  const shade = (x: number, y: number) => {
    const cell = Math.floor((y * 8) / height) * 4 + Math.floor((x * 4) / width);
    return ((Math.imul(variant + 1, 2_654_435_761) >>> cell) & 1) * 24 - 12;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const text = ((x >> 2) ^ (y >> 1)) & 1 && y % 30 < 12;
      const noise = random() < 0.14 ? Math.floor(random() * 60) : 0;
      const s = shade(x, y);
      raw[i] = text ? 30 : 200 + noise + s;
      raw[i + 1] = text ? 30 : 210 - noise + s;
      raw[i + 2] = text ? 30 + noise : 230 + s;
    }
  }
  // zlib level 6, as phones save screenshots: ~110 KB, a tenth of level 9's time to make.
  return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

/** A multipart body's parts: text fields, then one file. */
export function multipart(fields: Record<string, string>, file: { field: string; data: Buffer; name?: string }) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name ?? 'screenshot.png'}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Distinct screenshots the deposit rows cycle through (each a different picture). */
const SCREENSHOTS = 96;

/**
 * The deposit with a screenshot as the bench sends it: the n-th call's own UTR, a screenshot
 * from the set. Shared by the row on this code and the row on the code before issue 19.
 */
export function depositRequest(screenshots: Buffer[], paymentTypeId: number, token: (n: number) => string, tag: string) {
  let calls = 0;
  return (n: number): RequestShape => {
    const call = calls++;
    const form = multipart(
      { amount: '100', payment_type_id: String(paymentTypeId), reference: `UTR${tag}${String(call).padStart(9, '0')}` },
      { field: 'proof', data: screenshots[call % screenshots.length]! },
    );
    return {
      method: 'POST',
      path: '/api/add_funds',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Bearer ${token(n)}`,
        'content-type': form.contentType,
      },
      body: form.body,
    };
  };
}

export async function benchScreenshots(): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (let i = 0; i < SCREENSHOTS; i += 1) images.push(await screenshotPng(i));
  return images;
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** As a browser sends them: compressed answers cost the server what they cost in production. */
const JSON_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
};

/** The calls measured, each taking the next user of the rotation for the n-th request. */
export function scenarios(users: BenchUser[]) {
  const user = (n: number) => users[n % users.length]!;
  const state: BenchState = { etags: {}, adminToken: '', pendingWithdrawals: [], paymentTypeId: 0, screenshots: [], deposit: null };
  const admin = () => ({ ...JSON_HEADERS, authorization: `Bearer ${state.adminToken}` });
  const signInAdmin = async (url: string) => {
    if (state.adminToken) return;
    const auth = await json<{ api_token: string }>(`${url}/api/auth/login`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ login: ADMIN_EMAIL, password: BENCH_PASSWORD }),
    });
    state.adminToken = auth.api_token;
  };
  const etagOf = (key: string, path: string, headers: Record<string, string>) => async (url: string) => {
    const response = await fetch(url + path, { headers });
    const etag = response.headers.get('etag');
    if (!etag) throw new Error(`${path} sent no ETag`);
    state.etags[key] = etag;
  };
  // n counts up across a row's warm-up and measured seconds (one autocannon run, load.ts), so
  // each call gets its own key (a repeated one would measure replays) and its own withdrawal
  // to approve (a repeated one 409s).
  const keyPrefix = randomBytes(6).toString('hex');
  const bearer = (u: BenchUser) => ({ ...JSON_HEADERS, authorization: `Bearer ${u.token}` });
  const passport = (n: number): RequestShape => ({
    method: 'POST',
    path: '/api/user/passport',
    headers: bearer(user(n)),
    body: '{}',
  });
  const signedIn = (n: number) => bearer(user(n));
  const guest = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  let closeStreams: (() => void) | undefined;
  const list: Scenario[] = [
      { key: 'passport', name: 'POST /api/user/passport', poll: true, request: passport },
      {
        key: 'top',
        name: 'POST /api/notifications/top (nothing new)',
        poll: true,
        request: (n: number): RequestShape => ({
          method: 'POST',
          path: '/api/notifications/top',
          headers: bearer(user(n)),
          body: JSON.stringify({ id: user(n).newestNotificationId }),
        }),
      },
      {
        key: 'streams',
        name: `POST /api/notifications/top (nothing new; ${IDLE_STREAMS} idle event streams open)`,
        poll: true,
        prepare: async (url: string) => {
          closeStreams = await openIdleStreams(url, users.map((u) => u.token));
        },
        finish: () => closeStreams?.(),
        request: (n: number): RequestShape => ({
          method: 'POST',
          path: '/api/notifications/top',
          headers: bearer(user(n)),
          body: JSON.stringify({ id: user(n).newestNotificationId }),
        }),
      },
      {
        key: 'ids',
        name: 'GET /api/ids (signed in)',
        poll: false,
        request: (n: number): RequestShape => ({
          method: 'GET',
          path: '/api/ids',
          headers: bearer(user(n)),
        }),
      },
      {
        key: 'reviews',
        name: 'GET /api/reviews',
        poll: false,
        request: (): RequestShape => ({
          method: 'GET',
          path: '/api/reviews',
          headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        }),
      },
      {
        key: 'login',
        name: 'POST /api/auth/login',
        poll: false,
        request: (n: number): RequestShape => ({
          method: 'POST',
          path: '/api/auth/login',
          headers: JSON_HEADERS,
          body: JSON.stringify({ login: user(n).email, password: BENCH_PASSWORD }),
        }),
      },
      {
        key: 'ids304',
        name: 'GET /api/ids (signed in, If-None-Match: 304)',
        poll: false,
        prepare: etagOf('ids', '/api/ids', signedIn(0)),
        request: (n: number): RequestShape => ({
          method: 'GET',
          path: '/api/ids',
          headers: { ...signedIn(n), 'if-none-match': state.etags.ids! },
        }),
      },
      {
        key: 'reviews304',
        name: 'GET /api/reviews (If-None-Match: 304)',
        poll: false,
        prepare: etagOf('reviews', '/api/reviews', guest),
        request: (): RequestShape => ({
          method: 'GET',
          path: '/api/reviews',
          headers: { ...guest, 'if-none-match': state.etags.reviews! },
        }),
      },
      {
        key: 'transactions',
        name: 'GET /api/transactions (page of 15)',
        poll: false,
        request: (n: number): RequestShape => ({ method: 'GET', path: '/api/transactions', headers: bearer(user(n)) }),
      },
      {
        key: 'bills',
        name: 'GET /api/admin/bills?pending=1 (page of 15)',
        poll: false,
        prepare: signInAdmin,
        request: (): RequestShape => ({ method: 'GET', path: '/api/admin/bills?pending=1', headers: admin() }),
      },
      {
        key: 'withdraw',
        name: 'POST /api/withdraw (Idempotency-Key)',
        poll: false,
        request: (n: number): RequestShape => ({
          method: 'POST',
          path: '/api/withdraw',
          headers: { ...bearer(user(n)), 'idempotency-key': `${keyPrefix}-w-${n}` },
          body: JSON.stringify({ amount: '1.00', method: 'upi', upi_id: 'bench@okaxis' }),
        }),
      },
      {
        key: 'approve',
        name: 'POST /api/admin/withdraw/{id}/approve',
        poll: false,
        prepare: async (url: string) => {
          await signInAdmin(url);
          const ids: number[] = [];
          for (let page = 1; ; page += 1) {
            const list = await json<{ items: { id: number }[]; last_page: number }>(
              `${url}/api/admin/withdraw?pending=1&perPage=100&page=${page}`,
              { headers: admin() },
            );
            ids.push(...list.items.map((w) => w.id));
            if (page >= list.last_page) break;
          }
          state.pendingWithdrawals = ids;
        },
        request: (n: number): RequestShape => {
          const id = state.pendingWithdrawals[n % Math.max(1, state.pendingWithdrawals.length)] ?? 0;
          return { method: 'POST', path: `/api/admin/withdraw/${id}/approve`, headers: admin(), body: JSON.stringify({ reference: `UTR${id}` }) };
        },
      },
      {
        key: 'deposit',
        name: 'POST /api/add_funds (100 KB screenshot, 8 connections)',
        poll: false,
        connections: 8,
        warmupSeconds: DEPOSIT_WARMUP,
        prepare: async (url: string) => {
          const types = await json<{ id: number }[]>(`${url}/api/payment_types`, { headers: guest });
          if (!types[0]) throw new Error('no payment type: was the demo seed on?');
          state.paymentTypeId = types[0].id;
          state.screenshots = await benchScreenshots();
          state.deposit = depositRequest(state.screenshots, state.paymentTypeId, (n) => user(n).token, keyPrefix);
        },
        request: (n: number): RequestShape => state.deposit!(n),
      },
  ];
  return { passport, list, state, keyTag: keyPrefix };
}
