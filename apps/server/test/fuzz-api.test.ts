import { ErrorBodySchema } from '@iddesk/contract';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { hashToken, newApiToken } from '../src/lib/tokens';
import { insertSession } from '../src/modules/auth/repository';
import {
  buildMultipart,
  CONTENT_TYPES,
  FILE_TYPES,
  fromSchema,
  HOSTILE_FILENAMES,
  HOSTILE_PATH_SEGMENTS,
  hostileValue,
  type JsonSchema,
  MALFORMATIONS,
  type Malformation,
  oneBad,
  type Part,
  type Plausible,
  POLLUTION_KEYS,
  queryArbitrary,
  RAW_BODIES,
  scalarText,
  toJson,
} from './helpers/fuzz-arbitraries';
import {
  approveId,
  createFromWallet,
  createItem,
  customer,
  customerWith,
  depositFromWallet,
} from './helpers/ids-fixtures';
import { type ApiResponse, createAdmin, get, post, useTestApp } from './helpers/test-app';
import {
  addFunds,
  createUpiPaymentType,
  expectLedgerConsistent,
  jpegWithExif,
  PDF_BYTES,
  pngImage,
  postForm,
  withdrawUpi,
} from './helpers/wallet-fixtures';

/**
 * Issue 7 "Bad input": every /api call of the running app's OpenAPI document gets generated
 * requests — values of its body, query and path schemas mixed with hostile ones (huge and
 * odd unicode strings, NUL, nulls, containers for scalars, negative, fractional and enormous
 * numbers, prototype-pollution keys, SQL and HTML fragments, raw non-JSON bodies, malformed
 * multipart) — sent as the role that gets past the guard: admin on admin calls, the owning
 * user on user calls, a guest on public ones. For every answer:
 *
 * - never a 5xx;
 * - every 4xx is the error envelope of docs/product.md#errors-on-the-wire (ErrorBodySchema) with a non-empty message;
 * - after each call's runs, the ledger invariant holds for every user.
 *
 * FUZZ_RUNS (default 20) runs per call; FUZZ_SEED replays a run (the seed is printed at the
 * start and in every failure); FUZZ_ONLY (a regex on "METHOD /path") narrows the calls.
 */
const RUNS = Math.max(1, Math.floor(Number(process.env.FUZZ_RUNS) || 20));
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Date.now() ^ Math.floor(Math.random() * 0x7fffffff);
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

type Role = 'guest' | 'user' | 'admin';
type Operation = {
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  role: Role;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  json?: JsonSchema;
  form?: { fields: JsonSchema; files: string[] };
};
type FuzzRequest = {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  summary: string;
};

let calls: Call[];
const fixtures = {
  adminId: 0,
  userId: 0,
  victimId: 0,
  paymentType: '',
  bill: '',
  withdrawal: '',
  userIdId: '',
  request: '',
  item: '',
  review: '',
  media: '',
  proofKey: '',
  publicKey: '',
};
const tokens: Record<Role, string | undefined> = {
  guest: undefined,
  user: undefined,
  admin: undefined,
};
let png: Buffer;
let jpeg: Buffer;

const ctx = useTestApp({
  // Other tests prove the limits; here they would only turn inputs into 429s before validation.
  RATE_LIMIT_AUTH_ACCOUNT_MAX: '1000000',
  RATE_LIMIT_RESET_EMAIL_MAX: '1000000',
  RATE_LIMIT_MONEY_MAX: '1000000',
  RATE_LIMIT_MONEY_IP_MAX: '1000000',
});
beforeAll(async () => {
  png = await pngImage(16, 16);
  jpeg = await jpegWithExif(16, 16);
  const admin = await createAdmin(ctx);
  const paymentType = await createUpiPaymentType(ctx.app, admin.token);
  const item = await createItem(ctx.app, admin.token);
  // The user owns one of everything; the victim is the admin's target on user routes.
  const a = await customerWith(ctx, admin.token, '5000');
  const victim = await customer(ctx);

  const bill = await addFunds(ctx.app, a.token, paymentType.id);
  expect(bill.statusCode, bill.body).toBe(200);
  const withdrawal = await withdrawUpi(ctx.app, a.token, '100');
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  const created = await createFromWallet(ctx.app, a.token, item.id, '500');
  expect(created.statusCode, created.body).toBe(200);
  const userIdId = created.json().data.id as number;
  expect((await approveId(ctx.app, admin.token, userIdId)).statusCode).toBe(200);
  const request = await depositFromWallet(ctx.app, a.token, userIdId, '200');
  expect(request.statusCode, request.body).toBe(200);
  const review = await post(
    ctx.app,
    '/api/add_review',
    { rating: 5, text: 'Fast and friendly.' },
    a.token,
  );
  expect(review.statusCode, review.body).toBe(200);
  const media = await postForm(
    ctx.app,
    '/api/admin/media/create',
    { title: 'Fuzz media' },
    [{ field: 'image', data: png }],
    admin.token,
  );
  expect(media.statusCode, media.body).toBe(200);

  const [adminRow] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [admin.email]));
  Object.assign(fixtures, {
    adminId: adminRow!.id,
    userId: a.id,
    victimId: victim.id,
    paymentType: String(paymentType.id),
    bill: String(bill.json().data.id),
    withdrawal: String(withdrawal.json().data.id),
    userIdId: String(userIdId),
    request: String(request.json().data.id),
    item: String(item.id),
    review: String(review.json().data?.id ?? 1),
    media: String(media.json().data.id),
    proofKey: String(bill.json().data.proof_url).split('/').pop()!,
    publicKey: String(item.logo_url).split('/').pop()!,
  });
  tokens.user = a.token;
  tokens.admin = admin.token;

  const doc = (await get(ctx.app, '/api/openapi.json')).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  calls = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) =>
        callOf(method.toUpperCase() as Call['method'], path, op),
      ),
    )
    .filter((c) => !ONLY || ONLY.test(`${c.method} ${c.path}`));
  // Calls that end a session or delete a fixture go last.
  const last = (c: Call) => Number(/\/(logout|delete)$/.test(c.path));
  calls.sort((x, y) => last(x) - last(y));
}, 120_000);

/* ---------- the calls, from the OpenAPI document ---------- */

function callOf(method: Call['method'], path: string, op: Operation): Call {
  const needsToken = (op.security ?? []).some((s) => 'bearer' in s);
  const role: Role = path.startsWith('/api/admin/') ? 'admin' : needsToken ? 'user' : 'guest';
  const params = op.parameters ?? [];
  const content = op.requestBody?.content ?? {};
  const call: Call = {
    method,
    path,
    role,
    pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    query: params.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
  };
  if (content['application/json']) call.json = content['application/json'].schema;
  const multipart = content['multipart/form-data']?.schema;
  if (multipart) call.form = formOf(multipart);
  return call;
}

/** A multipart body's schema: its text fields, and its file parts (binary strings). */
function formOf(schema: JsonSchema): { fields: JsonSchema; files: string[] } {
  const properties = schema.properties ?? {};
  const files = Object.keys(properties).filter((name) => properties[name]!.format === 'binary');
  const fields = Object.fromEntries(Object.entries(properties).filter(([name]) => !files.includes(name)));
  return { fields: { ...schema, properties: fields }, files };
}

/* ---------- arbitraries per call ---------- */

/** The fixture an `{id}` of a route's resource means, so inputs reach the object and not a 404. */
function fixtureFor(path: string, param: string): string | undefined {
  if (param === 'key') return path.includes('/proofs/') ? fixtures.proofKey : fixtures.publicKey;
  const resource = /^\/api\/(?:admin\/)?([a-z_]+)\//.exec(path)?.[1];
  const byResource: Record<string, string> = {
    bills: fixtures.bill,
    withdraw: fixtures.withdrawal,
    user_ids: fixtures.userIdId,
    requests: fixtures.request,
    users: String(fixtures.victimId),
    ids: fixtures.item,
    reviews: fixtures.review,
    media: fixtures.media,
    payment_types: fixtures.paymentType,
  };
  return resource ? byResource[resource] : undefined;
}

function plausible(): Plausible {
  return {
    amount: ['100', '100.50', '0.01', '250', '5000'],
    payment_type_id: [fixtures.paymentType],
    user_id: [String(fixtures.userId), String(fixtures.victimId)],
    pay_from: ['wallet', 'payment'],
    reference: ['UTR123456789'],
    upi_id: ['me@okicici'],
    username: ['player_two'],
    login: ['fuzz-login', 'fuzz@example.com'],
    password: ['Fuzz-Pa55word-1'],
    password_confirmation: ['Fuzz-Pa55word-1'],
    name: ['Fuzz Name'],
    email: ['fuzz@example.com'],
    phone: ['+919876543210'],
    website: ['https://example.com'],
    video_url: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://example.com/a.mp4'],
    title: ['A title'],
    text: ['Great service'],
    min_deposit: ['100'],
    comment: ['ok'],
    site_name: ['ID Desk'],
  };
}

function pathArbitrary(call: Call): fc.Arbitrary<string> {
  const segments = call.pathParams.map((name) => {
    const fixture = fixtureFor(call.path, name);
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fixture ? fc.constant(fixture) : fc.integer({ min: 1, max: 20 }).map(String),
      },
      { weight: 1, arbitrary: fc.integer({ min: -5, max: 50 }).map(String) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
    );
  });
  return fc
    .tuple(...segments)
    .map((values) =>
      call.pathParams.reduce((url, name, i) => url.replace(`{${name}}`, values[i]!), call.path),
    );
}

type Body = { contentType?: string; payload?: string | Buffer; summary: string };

function rawBody(): fc.Arbitrary<Body> {
  return fc
    .tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...CONTENT_TYPES))
    .map(([payload, contentType]) => ({
      contentType,
      payload,
      summary: `raw ${contentType || '(none)'} ${payload.slice(0, 60)}`,
    }));
}

function jsonBody(schema: JsonSchema): fc.Arbitrary<Body> {
  const value = fc.oneof(
    { weight: 2, arbitrary: fromSchema(schema, plausible()) },
    { weight: 1, arbitrary: oneBad(schema, plausible()) },
  );
  return value.map((value) => {
    const payload = toJson(value);
    return { contentType: 'application/json', payload, summary: `json ${payload.slice(0, 200)}` };
  });
}

function fileArbitrary(): fc.Arbitrary<{
  data: Buffer;
  filename: string;
  contentType: string;
  label: string;
}> {
  const contents: Array<[string, Buffer]> = [
    ['png', png],
    ['jpeg', jpeg],
    ['text', Buffer.from('just some text, not an image')],
    ['empty', Buffer.alloc(0)],
    ['pdf', PDF_BYTES],
    ['truncated png', png.subarray(0, Math.floor(png.length / 2))],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['html', Buffer.from('<html><script>alert(1)</script></html>')],
    ['png header only', png.subarray(0, 8)],
  ];
  return fc
    .tuple(
      fc.constantFrom(...contents),
      fc.constantFrom(...HOSTILE_FILENAMES),
      fc.constantFrom(...FILE_TYPES),
    )
    .map(([[label, data], filename, contentType]) => ({ data, filename, contentType, label }));
}

function multipartBody(form: NonNullable<Call['form']>): fc.Arbitrary<Body> {
  const known = plausible();
  const textFields = Object.entries(form.fields.properties ?? {}).map(([name, schema]) =>
    fc.option(
      fromSchema(schema, known, name).map((v): Part => ({ name, data: scalarText(v) })),
      { nil: undefined, freq: 3 },
    ),
  );
  const fileFields = form.files.map((name) =>
    fc.option(
      fileArbitrary().map((f): Part => ({
        name,
        data: f.data,
        filename: f.filename,
        contentType: f.contentType,
      })),
      {
        nil: undefined,
        freq: 4,
      },
    ),
  );
  const names = [
    ...Object.keys(form.fields.properties ?? {}),
    ...form.files,
    ...POLLUTION_KEYS,
    'a"b',
    'x'.repeat(300),
  ];
  // Duplicates, a file where text is expected, text where a file is expected, headless parts.
  const extra = fc.array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom(...names), hostileValue)
        .map(([name, v]): Part => ({ name, data: scalarText(v) })),
      fc.tuple(fc.constantFrom(...names), fileArbitrary()).map(([name, f]): Part => ({
        name,
        data: f.data,
        filename: f.filename,
        contentType: f.contentType,
      })),
      fc.constantFrom(...names).map((name): Part => ({ name, data: 'x', headless: true })),
    ),
    { maxLength: 3 },
  );
  const chaos = fc.tuple(fc.tuple(...textFields), fc.tuple(...fileFields), extra);
  // Or a form the call should accept, with at most one hostile field and a valid image.
  const nearlyValid = fc
    .tuple(oneBad(form.fields, known), fc.option(fileArbitrary(), { nil: undefined, freq: 4 }))
    .map(([value, badFile]): [Part[], Part[], Part[]] => {
      const texts = Object.entries(value as Record<string, unknown>).map(([name, v]): Part => ({
        name,
        data: scalarText(v),
      }));
      const files = form.files.map((name, i): Part =>
        i === 0 && badFile
          ? {
              name,
              data: badFile.data,
              filename: badFile.filename,
              contentType: badFile.contentType,
            }
          : { name, data: png, filename: 'image.png', contentType: 'image/png' },
      );
      return [texts, files, []];
    });
  const malformation = fc.oneof(
    { weight: 5, arbitrary: fc.constant<Malformation>('none') },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMATIONS) },
  );
  return fc
    .tuple(
      fc.oneof({ weight: 2, arbitrary: chaos }, { weight: 1, arbitrary: nearlyValid }),
      malformation,
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([[texts, files, extras], broken, cut]) => {
      const parts = [...texts, ...files, ...extras].filter((p): p is Part => p !== undefined);
      const { contentType, payload } = buildMultipart(parts, broken, cut);
      const fields = parts.map((p) =>
        Buffer.isBuffer(p.data)
          ? `${p.name}=<file ${p.data.length}B>`
          : `${p.name}=${p.data.slice(0, 40)}`,
      );
      return {
        contentType,
        payload,
        summary: `multipart[${broken}] ${fields.join(' ').slice(0, 300)}`,
      };
    });
}

function bodyArbitrary(call: Call): fc.Arbitrary<Body> {
  if (call.method === 'GET') return fc.constant({ summary: 'no body' });
  if (call.form) {
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody(call.form) },
      { weight: 1, arbitrary: jsonBody(call.form.fields) },
      { weight: 1, arbitrary: rawBody() },
    );
  }
  if (call.json) {
    return fc.oneof(
      { weight: 6, arbitrary: jsonBody(call.json) },
      { weight: 1, arbitrary: rawBody() },
      { weight: 1, arbitrary: multipartBody({ fields: call.json, files: [] }) },
    );
  }
  // A call that takes no body still gets one.
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ summary: 'no body' }) },
    {
      weight: 1,
      arbitrary: hostileValue.map((v) => ({
        contentType: 'application/json',
        payload: toJson(v),
        summary: `json ${toJson(v).slice(0, 100)}`,
      })),
    },
    { weight: 1, arbitrary: rawBody() },
  );
}

function requestArbitrary(call: Call): fc.Arbitrary<FuzzRequest> {
  const idempotencyKey = fc.oneof(
    { weight: 8, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(5_000), "' OR 1=1 --", '😀') },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc
    .tuple(
      pathArbitrary(call),
      queryArbitrary(call.query, plausible()),
      bodyArbitrary(call),
      idempotencyKey,
    )
    .map(([path, query, body, key]) => {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      };
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      // Header values must be Latin-1: a non-ASCII key goes percent-encoded, like a browser would refuse it.
      if (call.method !== 'GET' && key !== undefined)
        headers['idempotency-key'] = /^[\x20-\x7e]*$/.test(key) ? key : encodeURIComponent(key);
      const url = query ? `${path}?${query}` : path;
      const shown = url.length > 200 ? `${url.slice(0, 200)}…(${url.length} chars)` : url;
      return {
        url,
        headers,
        payload: body.payload,
        summary: `${call.method} ${shown} ${body.summary}`,
      };
    });
}

/* ---------- sending and checking ---------- */

async function send(call: Call, request: FuzzRequest): Promise<ApiResponse> {
  const token = tokens[call.role];
  const options: InjectOptions = {
    method: call.method,
    url: request.url,
    headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  return ctx.app.inject(options) as Promise<ApiResponse>;
}

/** What is wrong with an answer, or null. */
function problemWith(res: ApiResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} is not JSON`;
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return `${res.statusCode} is not the error envelope`;
  if (parsed.data.message.trim() === '') return `${res.statusCode} has an empty message`;
  return null;
}

/**
 * A fuzzed admin call may block the user or the admin, and logout ends a session: unblock
 * them and give them fresh sessions, so the next inputs reach validation again.
 */
async function restoreSessions(): Promise<void> {
  await ctx.db
    .update(users)
    .set({ isBlocked: false })
    .where(inArray(users.id, [fixtures.userId, fixtures.adminId]));
  for (const [role, userId] of [
    ['user', fixtures.userId],
    ['admin', fixtures.adminId],
  ] as const) {
    const token = newApiToken();
    await insertSession(ctx.db, { userId, tokenHash: hashToken(token), maxDays: 90 });
    tokens[role] = token;
  }
}

describe('bad input (property-based, issue 7)', () => {
  it(
    'every /api call × generated and hostile inputs: no 5xx, every 4xx is the envelope with a message, the ledger holds',
    async () => {
      expect(calls.length).toBeGreaterThan(0);
      console.info(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} runs per call`);
      const failures: string[] = [];
      let tried = 0;
      let lastProblem = '';
      const statuses = new Map<number, number>();
      const reached = new Map<string, Set<number>>();
      const started = Date.now();
      for (const call of calls) {
        await restoreSessions();
        const name = `${call.method} ${call.path}`;
        try {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(call), async (request) => {
              tried += 1;
              const res = await send(call, request);
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
              reached.set(name, (reached.get(name) ?? new Set()).add(res.statusCode));
              if (res.statusCode === 401 && call.role !== 'guest') await restoreSessions();
              const problem = problemWith(res);
              if (problem) {
                // After shrinking, the last failure recorded is the smallest one found.
                lastProblem = `${problem}: ${res.body.slice(0, 300)}\n    request: ${request.summary}`;
                throw new Error(lastProblem);
              }
            }),
            { numRuns: RUNS, seed: SEED },
          );
        } catch (error) {
          const where = /\{ seed: .*? \}/.exec(String((error as Error).message))?.[0] ?? '';
          failures.push(
            `${name} as ${call.role} ${where}\n    ${lastProblem || String(error).slice(0, 1_000)}`,
          );
        }
        try {
          await expectLedgerConsistent(ctx);
        } catch (error) {
          failures.push(
            `${name}: ledger invariant broken after its runs: ${(error as Error).message.slice(0, 1_000)}`,
          );
        }
      }
      console.info(
        `fuzz: ${calls.length} calls × ${RUNS} runs = ${calls.length * RUNS} inputs (${tried} requests sent, shrinking included) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      const histogram = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`);
      console.info(`fuzz: answers ${histogram.join(' ')}`);
      if (process.env.FUZZ_VERBOSE) {
        for (const [call, seen] of reached)
          console.info(`  ${call}: ${[...seen].sort().join(' ')}`);
      }
      expect(failures, `seed ${SEED}`).toEqual([]);
    },
    Math.max(300_000, RUNS * 15_000),
  );
});
