import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateAppKey } from '../src/config/app-key';
import { ConfigError, parseEnv } from '../src/config/env';

describe('configuration', () => {
  it('database timeouts, shutdown and metrics: defaults, values, and refusals', () => {
    expect(parseEnv({}, '/srv/iddesk')).toMatchObject({
      databaseTimeouts: { connectMs: 5_000, statementMs: 30_000 },
      // One embedded process: no balancer to wait for.
      shutdown: { timeoutMs: 25_000, graceMs: 0 },
      metricsToken: undefined,
    });
    // Servers on PostgreSQL sit behind a balancer: 5 s for it to see readiness fail.
    const onPostgres = { DATABASE_URL: 'postgres://db/iddesk', APP_KEY: 'ab'.repeat(32) };
    expect(parseEnv(onPostgres, '/srv/iddesk').shutdown).toEqual({
      timeoutMs: 25_000,
      graceMs: 5_000,
    });
    expect(parseEnv({ ...onPostgres, SHUTDOWN_TIMEOUT_SECONDS: '3' }, '/').shutdown).toEqual({
      timeoutMs: 3_000,
      graceMs: 2_000,
    });
    const token = 'a-metrics-token-of-32-characters';
    expect(
      parseEnv(
        {
          DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
          DATABASE_STATEMENT_TIMEOUT_SECONDS: '60',
          SHUTDOWN_TIMEOUT_SECONDS: '50',
          SHUTDOWN_GRACE_SECONDS: '0',
          METRICS_TOKEN: token,
        },
        '/srv/iddesk',
      ),
    ).toMatchObject({
      databaseTimeouts: { connectMs: 2_000, statementMs: 60_000 },
      shutdown: { timeoutMs: 50_000, graceMs: 0 },
      metricsToken: token,
    });
    const problems = (env: Record<string, string>) => {
      try {
        parseEnv(env, '/srv/iddesk');
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: .*16 characters/);
    expect(problems({ METRICS_TOKEN: 'has a space in the middle' })[0]).toMatch(/^METRICS_TOKEN/);
    expect(problems({ SHUTDOWN_TIMEOUT_SECONDS: '5', SHUTDOWN_GRACE_SECONDS: '5' })).toEqual([
      'SHUTDOWN_GRACE_SECONDS: must be less than SHUTDOWN_TIMEOUT_SECONDS.',
    ]);
    expect(problems({ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' })[0]).toMatch(
      /^DATABASE_CONNECT_TIMEOUT_SECONDS/,
    );
  });

  it('DATABASE_LISTEN_URL: a direct connection beside a pooled DATABASE_URL, only with one', () => {
    const key = randomBytes(32).toString('hex');
    const pooled = parseEnv(
      { DATABASE_URL: 'postgres://app@pgbouncer:6432/iddesk', DATABASE_LISTEN_URL: 'postgres://app@db:5432/iddesk', APP_KEY: key },
      '/',
    );
    expect(pooled).toMatchObject({ databaseUrl: 'postgres://app@pgbouncer:6432/iddesk', databaseListenUrl: 'postgres://app@db:5432/iddesk' });
    let refused: unknown;
    try {
      parseEnv({ DATABASE_LISTEN_URL: 'postgres://app@db:5432/iddesk' }, '/');
    } catch (error) {
      refused = error;
    }
    expect((refused as ConfigError).problems).toEqual(['DATABASE_LISTEN_URL: only with DATABASE_URL (a direct connection to its database).']);
  });

  it('has working defaults for a fresh clone', () => {
    const config = parseEnv({}, '/srv/iddesk');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/iddesk/data',
      databaseUrl: undefined,
      admin: { email: 'admin@iddesk.local', password: undefined },
      logLevel: 'info',
      logFormat: 'auto',
      seedDemo: true,
      trustProxy: false,
      session: { idleDays: 30, maxDays: 90 },
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('reads every variable', () => {
    const key = randomBytes(32);
    const config = parseEnv(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/iddesk',
        DATABASE_URL: 'postgres://u:p@db:5432/iddesk',
        ADMIN_EMAIL: 'Boss@Example.com',
        ADMIN_PASSWORD: 'long enough',
        ADMIN_PHONE: '+91 99999 00000',
        APP_KEY: key.toString('hex'),
        SEED_DEMO: 'false',
        TRUST_PROXY: '1',
        SESSION_IDLE_DAYS: '7',
        SESSION_MAX_DAYS: '30',
        RATE_LIMIT_AUTH_MAX: '5',
        RATE_LIMIT_AUTH_WINDOW_SECONDS: '120',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/iddesk',
      databaseUrl: 'postgres://u:p@db:5432/iddesk',
      // LISTEN and migrations on the same URL unless DATABASE_LISTEN_URL says otherwise.
      databaseListenUrl: 'postgres://u:p@db:5432/iddesk',
      admin: { email: 'boss@example.com', password: 'long enough', phone: '+919999900000' },
      seedDemo: false,
      trustProxy: 1,
      session: { idleDays: 7, maxDays: 30 },
      rateLimit: { authMax: 5, authWindowMs: 120_000 },
    });
    expect(config.appKeyFromEnv?.equals(key)).toBe(true);
  });

  it('fails fast listing every bad variable at once', () => {
    let error: unknown;
    try {
      parseEnv(
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://nope',
          ADMIN_EMAIL: 'not-an-email',
          ADMIN_PASSWORD: 'short',
          APP_KEY: 'too-short',
          SEED_DEMO: 'maybe',
          LOG_LEVEL: 'loud',
        },
        '/',
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'APP_KEY',
      'SEED_DEMO',
      'LOG_LEVEL',
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as Error).message).toMatch(/^Invalid configuration:/);
  });

  it('generates DATA_DIR/app.key once and keeps it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'iddesk-key-')), 'data');
    const first = loadOrCreateAppKey(dir, undefined);
    expect(first).toHaveLength(32);
    expect(existsSync(join(dir, 'app.key'))).toBe(true);
    const again = loadOrCreateAppKey(dir, undefined);
    expect(again.equals(first)).toBe(true);
    expect(
      Buffer.from(readFileSync(join(dir, 'app.key'), 'utf8').trim(), 'base64').equals(first),
    ).toBe(true);
  });
});
