import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { AppConfig } from '../../src/config/app-config';
import { parseEnv } from '../../src/config/env';
import type { Database, Db } from '../../src/db/types';
import { hashPassword } from '../../src/lib/passwords';
import { insertUser } from '../../src/modules/users/repository';
import { openTestDatabase } from './test-database';
import { AMOUNT_CEILING, formatAmount, type MoneyLimits } from '@iddesk/contract';
import { putSetting, SETTING } from '../../src/modules/settings';
import { Secret, TOTP } from 'otpauth';

/**
 * A real configuration from an env-like object, as main.ts would build it. Defaults suit
 * tests: quiet logs, a private data dir, no web build, and a rate limit high enough that
 * only the rate-limit test meets it.
 */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const scratch = mkdtempSync(join(tmpdir(), 'iddesk-test-'));
  const { appKeyFromEnv: _ignored, ...config } = parseEnv(
    {
      LOG_LEVEL: 'silent',
      DATA_DIR: join(scratch, 'data'),
      WEB_DIST_DIR: join(scratch, 'no-web-build'),
      RATE_LIMIT_AUTH_MAX: '10000',
      RATE_LIMIT_AUTH_ACCOUNT_MAX: '10000',
      RATE_LIMIT_MONEY_MAX: '10000',
      RATE_LIMIT_MONEY_IP_MAX: '10000',
      // Tests about the second factor set `required` (the default outside tests).
      STAFF_SECOND_FACTOR: 'optional',
      // ~0.5 s of CPU a bill: on in the tests about the reading (screenshot-reading.test.ts).
      SCREENSHOT_READING: 'off',
      ...env,
    },
    scratch,
  );
  return { ...config, appKey: randomBytes(32) };
}

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
};

const anyAmount = { min: '0.01', max: formatAmount(AMOUNT_CEILING) };
/**
 * Money limits (rule 8) as wide as amounts go: suites about other rules use amounts from
 * ₹0.01 up; the limits themselves, and the defaults a fresh installation enforces, are
 * money-limits.test.ts's (it asks for `moneyLimits: 'defaults'`).
 */
export const WIDE_MONEY_LIMITS: MoneyLimits = {
  add_funds: anyAmount,
  withdraw: anyAmount,
  id_create: anyAmount,
  id_deposit: anyAmount,
  id_withdraw: anyAmount,
  daily_payout: formatAmount(AMOUNT_CEILING),
};

export type TestAppOptions = Pick<BuildAppOptions, 'now' | 'logStream'> & {
  /** `defaults`: the limits of a fresh installation; otherwise WIDE_MONEY_LIMITS. */
  moneyLimits?: 'defaults' | 'wide';
};

/**
 * The real app on a fresh migrated database, called through app.inject. `options` reach
 * buildApp: a clock the test moves (`now`), or a stream that keeps the log lines.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { moneyLimits = 'wide', ...options }: TestAppOptions = {},
): Promise<TestContext> {
  const config = testConfig(env);
  const database = await openTestDatabase();
  const app = await buildApp({ db: database.db, config, ...options });
  // After the build: a settings row before it would read as "in use" and stop the demo seed.
  if (moneyLimits === 'wide') await putSetting(database.db, SETTING.moneyLimits, JSON.stringify(WIDE_MONEY_LIMITS));
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * One line of set-up for a test file (or a describe block): the real app on a fresh database,
 * built before its tests and closed after them. The returned context is filled in by the
 * beforeAll hook, so read its fields inside hooks and tests, never at the top level.
 * Hooks the file registers after this call run after the app exists.
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestContext {
  let current: TestContext | undefined;
  const started = (): TestContext => {
    if (!current) throw new Error('useTestApp: the app exists only inside hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get database() {
      return started().database;
    },
    get config() {
      return started().config;
    },
    close: () => started().close(),
  };
}

export type ApiResponse = LightMyRequestResponse & { body: string; json<T = ApiBody>(): T };
export type ApiBody = {
  message: string | null;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect freely
  code?: string;
  errors?: Record<string, string[]>;
};

/**
 * An error answer: `status`, then exactly the envelope `{ message, data: null, code }`
 * (docs/product.md#errors-on-the-wire). `label` names the call in a failure.
 */
export function expectErrorAnswer(
  res: LightMyRequestResponse,
  status: number,
  message: unknown,
  code: string,
  label: string = res.body,
): void {
  expect(res.statusCode, label).toBe(status);
  expect(res.json(), label).toEqual({ message, data: null, code });
}

/** POST JSON the way the web client does: JSON headers, optional bearer token. */
export function post(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  token?: string,
  extra: Partial<InjectOptions> = {},
): Promise<ApiResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    ...extra,
  }) as Promise<ApiResponse>;
}

/** `post` with an Idempotency-Key, as the web client sends a money call. */
export function postKeyed(app: FastifyInstance, url: string, body: unknown, token: string, key: string): Promise<ApiResponse> {
  return post(app, url, body, token, {
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
    },
  });
}

export function get(app: FastifyInstance, url: string, token?: string): Promise<ApiResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }) as Promise<ApiResponse>;
}

let counter = 0;

/**
 * The device cookie each account's "browser" holds (auth/device.ts): kept from a sign-in's
 * answer and sent with that login's later sign-ins, as a browser does, so an account's own
 * sign-ins come from a device it knows. Tests about unknown devices call the API without it.
 */
const devices = new Map<string, string>();

/** The `iddesk_device=…` pair a sign-in's answer set, if any. */
export function deviceCookieOf(res: LightMyRequestResponse): string | null {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((c) => c.startsWith('iddesk_device='));
  return cookie ? cookie.split(';')[0]! : null;
}

/** The device cookie the account behind `login` keeps from its sign-ins here, if any. */
export const deviceCookieFor = (login: string): string | null => devices.get(login.toLowerCase()) ?? null;

function keepDevice(login: string, res: LightMyRequestResponse) {
  const cookie = deviceCookieOf(res);
  if (cookie) devices.set(login.toLowerCase(), cookie);
}

const deviceHeaders = (login: string): Partial<InjectOptions> => {
  const cookie = devices.get(login.toLowerCase());
  return cookie
    ? {
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          cookie,
        },
      }
    : {};
};

/** Unique registration details, so tests in one file never collide. */
export function newUserDetails(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  const digits = `${Date.now()}${counter}`.slice(-9);
  return {
    name: `Test User ${counter}`,
    email: `user-${tag}@example.com`,
    phone: `+91${digits}${counter % 10}`,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    ...overrides,
  };
}

/**
 * Register through the API; returns the details used and the token received. `extra` reaches
 * app.inject (a `remoteAddress` of its own, where per-IP limits are under test).
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
  extra: Partial<InjectOptions> = {},
) {
  const details = newUserDetails(overrides);
  const res = await post(app, '/api/auth/register', details, undefined, extra);
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  keepDevice(details.email, res);
  return { ...details, token: res.json().data.api_token as string };
}

/** An admin account (there is no admin-creation API yet) and a token for it. */
export async function createAdmin(ctx: TestContext, extra: Partial<InjectOptions> = {}) {
  const details = newUserDetails({ name: 'Test Admin' });
  await insertUser(ctx.db, {
    name: details.name,
    email: details.email,
    phone: details.phone,
    passwordHash: await hashPassword(details.password),
    type: 'admin',
  });
  const res = await post(
    ctx.app,
    '/api/auth/login',
    { login: details.email, password: details.password },
    undefined,
    extra,
  );
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return { ...details, token: res.json().data.api_token as string };
}

/** The current TOTP code of a base32 secret, as an authenticator app shows it. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

/**
 * Enrols the second factor of the account behind `token` through the API: the secret and the
 * ten recovery codes (each signs in once, which keeps tests off the 30-second clock).
 */
export async function enrolSecondFactor(app: FastifyInstance, token: string, now: () => Date = () => new Date()) {
  const setup = await post(app, '/api/second_factor/setup', undefined, token);
  if (setup.statusCode !== 200) throw new Error(`2FA setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().data.secret as string;
  const enabled = await post(app, '/api/second_factor/enable', { code: totpCode(secret, now()) }, token);
  if (enabled.statusCode !== 200) throw new Error(`2FA enable failed: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().data.recovery_codes as string[] };
}

/**
 * Password, then (when asked) a code: the token of a fresh session. From the account's own
 * device (its cookie from an earlier sign-in here), as its holder would sign in.
 */
export async function signIn(app: FastifyInstance, login: string, password: string, code?: () => string) {
  const res = await post(app, '/api/auth/login', { login, password }, undefined, deviceHeaders(login));
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { api_token?: string; challenge?: string };
  if (data.api_token) {
    keepDevice(login, res);
    return data.api_token;
  }
  if (!code) throw new Error('login asked for a second-factor code');
  const second = await post(app, '/api/auth/second_factor', { challenge: data.challenge, code: code() }, undefined, deviceHeaders(login));
  if (second.statusCode !== 200) throw new Error(`second factor failed: ${second.statusCode} ${second.body}`);
  keepDevice(login, second);
  return second.json().data.api_token as string;
}

/**
 * A staff account with `role`, signed in. `secondFactor: true` enrols one first (then the
 * token is of a session that passed it); false leaves it without, as a new staff member is.
 * `now`: the app's clock, when the test moves it.
 */
export async function createStaffMember(
  ctx: TestContext,
  role: 'owner' | 'cashier' | 'support',
  { secondFactor, now }: { secondFactor: boolean; now?: () => Date },
) {
  const details = newUserDetails({ name: `Test ${role}` });
  const user = await insertUser(ctx.db, {
    name: details.name,
    email: details.email,
    phone: details.phone,
    passwordHash: await hashPassword(details.password),
    type: 'admin',
    role,
  });
  const first = await signIn(ctx.app, details.email, details.password);
  if (!secondFactor) return { ...details, id: user.id, token: first, secret: null, recoveryCodes: [] as string[] };
  const { secret, recoveryCodes } = await enrolSecondFactor(ctx.app, first, now);
  const codes = [...recoveryCodes];
  const token = await signIn(ctx.app, details.email, details.password, () => codes.shift()!);
  return { ...details, id: user.id, token, secret, recoveryCodes: codes };
}
