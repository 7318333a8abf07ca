import { resolve } from 'node:path';
import { normalisePhoneNumber, translate } from '@iddesk/contract';
import { z } from 'zod';
import {
  appKey,
  appUrl,
  booleanFlag,
  bucketName,
  emptyToUndefined,
  httpUrl,
  integer,
  optionalFlag,
  optionalString,
  postgresUrl,
  timeZone,
  trustProxy,
} from './env-fields';
import { defaultWebDistDir } from './web-dist-dir';

/**
 * The one place that reads the environment (docs/product.md#running-it). Everything else receives an
 * `EnvConfig` (or the `AppConfig` built from it), so tests can build any configuration
 * without touching `process.env`.
 */

const EnvSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: postgresUrl,
  DATABASE_LISTEN_URL: postgresUrl,
  ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email('Use a valid email address.').toLowerCase().default('admin@iddesk.local'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'Use at least 8 characters.').max(128).optional(),
  ),
  ADMIN_NAME: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(2).max(100).default('Administrator'),
  ),
  ADMIN_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx) => {
        // Stored as the accounts' phones are (issue 17), so a login by phone finds the admin.
        const phone = normalisePhoneNumber(v);
        if (phone === null) ctx.addIssue({ code: 'custom', message: translate('validation.phone.invalid') });
        return phone ?? z.NEVER;
      })
      .default('+910000000000'),
  ),
  APP_KEY: appKey,
  APP_KEY_PREVIOUS: appKey,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: z.preprocess(
    emptyToUndefined,
    z.enum(['auto', 'json', 'pretty']).default('auto'),
  ),
  SEED_DEMO: booleanFlag(true),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'Use an smtp:// or smtps:// URL.')
      .optional(),
  ),
  TRUST_PROXY: trustProxy,
  WEB_DIST_DIR: optionalString,
  SESSION_IDLE_DAYS: integer(30, 1, 3650),
  SESSION_MAX_DAYS: integer(90, 1, 3650),
  BODY_LIMIT_BYTES: integer(1024 * 1024, 1024, 100 * 1024 * 1024),
  RATE_LIMIT_AUTH_MAX: integer(10, 1, 1_000_000),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: integer(60, 1, 86_400),
  APP_URL: appUrl,
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(200).default('ID Desk <no-reply@iddesk.local>'),
  ),
  DISPLAY_TIME_ZONE: timeZone,
  RATE_LIMIT_RESET_EMAIL_MAX: integer(5, 1, 1_000_000),
  RATE_LIMIT_AUTH_ACCOUNT_MAX: integer(10, 1, 1_000_000),
  RATE_LIMIT_MONEY_MAX: integer(30, 1, 1_000_000),
  RATE_LIMIT_MONEY_IP_MAX: integer(120, 1, 1_000_000),
  RATE_LIMIT_MONEY_WINDOW_SECONDS: integer(60, 1, 86_400),
  S3_BUCKET: bucketName,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().trim().default('us-east-1')),
  S3_ENDPOINT: httpUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalFlag,
  DATABASE_CONNECT_TIMEOUT_SECONDS: integer(5, 1, 600),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: integer(30, 1, 86_400),
  // `npm run migrate` only: the owner role's direct URL (docs/operations.md, "Database roles").
  DATABASE_OWNER_URL: postgresUrl,
  SHUTDOWN_TIMEOUT_SECONDS: integer(25, 1, 3_600),
  // Default: 5 s with DATABASE_URL (servers behind a balancer), 0 without (one process).
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Use a whole number.' })
      .int('Use a whole number.')
      .min(0, 'Use a number of at least 0.')
      .max(3_600, 'Use a number of at most 3600.')
      .optional(),
  ),
  STAFF_SECOND_FACTOR: z.preprocess(
    emptyToUndefined,
    z.enum(['required', 'optional'], { error: 'Use required or optional.' }).default('required'),
  ),
  SCREENSHOT_READING: z.preprocess(
    emptyToUndefined,
    z.enum(['on', 'off'], { error: 'Use on or off.' }).default('on'),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .min(16, 'Use at least 16 characters.')
      .max(256)
      .regex(/^[\x21-\x7e]+$/, 'Use printable ASCII without spaces.')
      .optional(),
  ),
  TELEGRAM_BOT_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'Use the token BotFather gave the bot, like 123456789:AAH…')
      .optional(),
  ),
  TELEGRAM_API_URL: httpUrl,
});

/** Where uploads go when `S3_BUCKET` is set (lib/s3-storage.ts). */
export type S3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible service; unset means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (AWS_* variables, shared config, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** The Telegram bot (docs/product.md#telegram); undefined: no bot, no Telegram anywhere. */
export type TelegramConfig = {
  token: string;
  /** The Bot API's origin (and path prefix), without a trailing slash; tests use a fake one. */
  apiUrl: string;
};

export type EnvConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A direct connection (no pooler) to DATABASE_URL's database and role: LISTEN and migrations. */
  databaseListenUrl: string | undefined;
  admin: { email: string; password: string | undefined; name: string; phone: string };
  appKeyFromEnv: Buffer | undefined;
  /** The key being rotated away from: still opens secrets until `npm run rotate-key` ran. */
  appKeyPrevious: Buffer | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `auto`: readable lines on a terminal, JSON lines otherwise (what log collectors expect). */
  logFormat: 'auto' | 'json' | 'pretty';
  seedDemo: boolean;
  smtpUrl: string | undefined;
  trustProxy: boolean | number | string[];
  webDistDir: string;
  session: { idleDays: number; maxDays: number };
  bodyLimitBytes: number;
  rateLimit: {
    /** Per IP and route: login, register, password change and reset calls. */
    authMax: number;
    authWindowMs: number;
    /** Per account (the email or phone typed, or the signed-in user), same window. */
    authAccountMax: number;
    resetEmailMax: number;
    /** Money-moving POSTs: per signed-in account, and per IP and route. */
    moneyMax: number;
    moneyIpMax: number;
    moneyWindowMs: number;
  };
  /** Origin of the links in mail, without a trailing slash. */
  appUrl: string;
  mailFrom: string;
  /** IANA zone for human-readable times the server writes (`created_at_full`). */
  displayTimeZone: string;
  /** Object storage for uploads; undefined keeps them on disk in DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** PostgreSQL only: how long to wait for a connection, and for one statement. */
  databaseTimeouts: DatabaseTimeouts;
  /**
   * The role that owns the schema, for `npm run migrate` (a direct connection, never through a
   * pooler). The servers do not use it: they migrate at start only as a role that may.
   */
  databaseOwnerUrl: string | undefined;
  shutdown: {
    /** From SIGTERM to exit, whatever is still running. */
    timeoutMs: number;
    /** SIGTERM only: readiness answers 503 this long before the listener closes. */
    graceMs: number;
  };
  /** Bearer token of GET /metrics; unset turns the endpoint (and its hooks) off. */
  metricsToken: string | undefined;
  /**
   * `required`: a staff account without a second factor must enrol before any admin call
   * answers. `optional` (development, demos): staff may enrol, as customers may.
   */
  staffSecondFactor: 'required' | 'optional';
  /**
   * Issue 54 item 5: read each bill's screenshot (OCR) after the answer. Off only where no one
   * looks at the reading (the test suites that are not about it: it costs ~0.5 s of CPU a bill).
   */
  screenshotReading: boolean;
  telegram: TelegramConfig | undefined;
};

export type DatabaseTimeouts = { connectMs: number; statementMs: number };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse an environment-like object. Throws a ConfigError naming every bad variable at once. */
export function parseEnv(source: Record<string, string | undefined>, cwd: string): EnvConfig {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.SESSION_MAX_DAYS < env.SESSION_IDLE_DAYS) {
    problems.push('SESSION_MAX_DAYS: must be at least SESSION_IDLE_DAYS.');
  }
  if (env.DATABASE_LISTEN_URL && !env.DATABASE_URL) {
    problems.push('DATABASE_LISTEN_URL: only with DATABASE_URL (a direct connection to its database).');
  }
  // Every server on one PostgreSQL must seal and open with the same key; a server that made
  // up its own would answer 500 on credentials sealed by the others (issue 13).
  if (env.DATABASE_URL && !env.APP_KEY) {
    problems.push(
      'APP_KEY: required when DATABASE_URL is set — every server on one database must use the ' +
        "same key. Generate one with `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`.",
    );
  }
  if (env.APP_KEY_PREVIOUS && env.APP_KEY && env.APP_KEY_PREVIOUS.equals(env.APP_KEY)) {
    problems.push('APP_KEY_PREVIOUS: must differ from APP_KEY.');
  }
  problems.push(...s3Problems(env));
  // Behind a balancer the grace lets it see readiness fail before the listener closes; a
  // single embedded process has no balancer, and its restarts should not wait.
  const graceSeconds =
    env.SHUTDOWN_GRACE_SECONDS ??
    (env.DATABASE_URL ? Math.min(5, env.SHUTDOWN_TIMEOUT_SECONDS - 1) : 0);
  if (graceSeconds >= env.SHUTDOWN_TIMEOUT_SECONDS) {
    problems.push('SHUTDOWN_GRACE_SECONDS: must be less than SHUTDOWN_TIMEOUT_SECONDS.');
  }
  if (env.TELEGRAM_API_URL && !env.TELEGRAM_BOT_TOKEN) {
    problems.push('TELEGRAM_BOT_TOKEN: required when TELEGRAM_API_URL is set.');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseListenUrl: env.DATABASE_URL ? (env.DATABASE_LISTEN_URL ?? env.DATABASE_URL) : undefined,
    admin: {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      name: env.ADMIN_NAME,
      phone: env.ADMIN_PHONE,
    },
    appKeyFromEnv: env.APP_KEY,
    appKeyPrevious: env.APP_KEY_PREVIOUS,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    seedDemo: env.SEED_DEMO,
    smtpUrl: env.SMTP_URL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR ? resolve(cwd, env.WEB_DIST_DIR) : defaultWebDistDir(),
    session: { idleDays: env.SESSION_IDLE_DAYS, maxDays: env.SESSION_MAX_DAYS },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    rateLimit: {
      authMax: env.RATE_LIMIT_AUTH_MAX,
      authWindowMs: env.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000,
      authAccountMax: env.RATE_LIMIT_AUTH_ACCOUNT_MAX,
      resetEmailMax: env.RATE_LIMIT_RESET_EMAIL_MAX,
      moneyMax: env.RATE_LIMIT_MONEY_MAX,
      moneyIpMax: env.RATE_LIMIT_MONEY_IP_MAX,
      moneyWindowMs: env.RATE_LIMIT_MONEY_WINDOW_SECONDS * 1000,
    },
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    mailFrom: env.MAIL_FROM,
    displayTimeZone: env.DISPLAY_TIME_ZONE,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          // S3-compatible services mostly want path-style URLs; AWS wants virtual hosts.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    databaseOwnerUrl: env.DATABASE_OWNER_URL,
    shutdown: {
      timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      graceMs: graceSeconds * 1000,
    },
    metricsToken: env.METRICS_TOKEN,
    staffSecondFactor: env.STAFF_SECOND_FACTOR,
    screenshotReading: env.SCREENSHOT_READING === 'on',
    telegram: env.TELEGRAM_BOT_TOKEN
      ? {
          token: env.TELEGRAM_BOT_TOKEN,
          apiUrl: (env.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
        }
      : undefined,
  };
}

/** An S3 setting without a bucket, or half a key pair, is a mistake: say so at start. */
function s3Problems(env: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const others = (
    ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
  ).filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET && others.length > 0) {
    problems.push(`S3_BUCKET: required when ${others.join(', ')} is set.`);
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      'S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the AWS SDK finds credentials itself).',
    );
  }
  return problems;
}

/** Read the real process environment. */
export function readEnv(): EnvConfig {
  return parseEnv(process.env, process.cwd());
}
