// The deployment of deploy/compose.yaml on loopback: a throwaway PostgreSQL with the owner and
// app roles of deploy/roles.sql, migrated as the owner (compose's `migrate`), optionally
// PgBouncer in transaction mode in front of it, s3rver with the bucket made, two built servers
// on one APP_KEY as the app role (started together, as compose starts them) and nginx in front.
// What each server gets is compose.yaml's app environment. The scale-out test and the soak
// (scripts/soak) run it.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildServer } from '../lib/build-server';
import { createRolesDatabase } from '../lib/database-roles.mjs';
import { type Pgbouncer, startPgbouncer } from '../lib/pgbouncer.mjs';
import { type Cluster, freePort, startCluster } from '../lib/postgres-cluster.mjs';
import { SERVER_NODE_FLAGS } from '../lib/server-node-flags.mjs';
import {
  type Child,
  S3_CREDENTIALS,
  spawnChild,
  startNginx,
  startObjectStore,
  stop,
  tail,
  waitReady,
} from './processes';
import { CheckFailed, expect } from './report';

export const ADMIN = { email: 'admin@scale.iddesk.local', password: 'scale-out-admin-password' };
export const BUCKET = 'iddesk-scale-out';
/** GET /metrics answers on each server to this token, and never through nginx. */
export const METRICS_TOKEN = 'scale-out-metrics-token';
/** Low, so the limit is reached in a few calls; the per-IP limit stays out of the way. */
export const ACCOUNT_MAX = 4;

/** Run at the end, last registered first: stop nginx, the servers, s3rver, PostgreSQL. */
export const cleanups: (() => unknown)[] = [];

/** The built server: .tmp/scale-out/server, or apps/server/dist as it is with `noBuild`. */
export const build = (noBuild: boolean): string => buildServer('scale-out', noBuild, usage);

export function usage(message: string): never {
  process.stderr.write(`scale-out-test: ${message}\n`);
  process.exit(2);
}

export type DeployOptions = {
  /** The servers reach PostgreSQL through PgBouncer in transaction mode (LISTEN directly). */
  pgbouncer?: boolean;
  /** More settings for every server. */
  env?: Record<string, string>;
  /** More node flags for every server (the soak's --node-flags). */
  nodeFlags?: string[];
};

export type Deployment = {
  dir: string;
  script: string;
  cluster: Cluster;
  /** The servers' DATABASE_URL: the app role, directly or through PgBouncer. */
  databaseUrl: string;
  /** The app role, directly: the servers' LISTEN connection, and the checks' reads. */
  directUrl: string;
  /** The owner role: `npm run migrate` (the built migrate.js) runs as it. */
  ownerUrl: string;
  pgbouncer: Pgbouncer | null;
  store: Awaited<ReturnType<typeof startObjectStore>>;
  appKey: string;
  env: Record<string, string>;
  nodeFlags: string[];
  servers: { name: string; proc: Child; port: number; url: string }[];
  nginx: Child;
  base: string;
};

type ServerTarget = Pick<
  Deployment,
  'dir' | 'databaseUrl' | 'directUrl' | 'store' | 'script' | 'env' | 'nodeFlags'
>;

/** The environment every app server of the deployment gets (compose.yaml's `x-app` block). */
function serverEnv(d: ServerTarget, name: string, port: number, appKey?: string) {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Each server its own data dir, as containers without a shared volume: whatever must be
    // shared has to live in PostgreSQL or the bucket.
    DATA_DIR: join(d.dir, name, 'data'),
    // The app role (deploy/roles.sql): rows to read and write, no schema changes.
    DATABASE_URL: d.databaseUrl,
    // Through PgBouncer, LISTEN (and the migration lock) need a direct connection.
    DATABASE_LISTEN_URL: d.databaseUrl === d.directUrl ? '' : d.directUrl,
    // Empty is unset (env.ts), whatever this process's environment holds.
    APP_KEY: appKey ?? '',
    S3_BUCKET: d.store.bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: d.store.endpoint,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO: 'false',
    // The admin signs in with a password alone (the second-factor stories enrol their own).
    STAFF_SECOND_FACTOR: 'optional',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_AUTH_MAX: '1000000',
    RATE_LIMIT_AUTH_ACCOUNT_MAX: String(ACCOUNT_MAX),
    RATE_LIMIT_MONEY_MAX: '1000000',
    RATE_LIMIT_MONEY_IP_MAX: '1000000',
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(d.dir, 'no-web'),
    ...d.env,
  };
}

export function startServer(d: ServerTarget, name: string, port: number, appKey?: string): Child {
  mkdirSync(join(d.dir, name), { recursive: true });
  return spawnChild(
    name,
    process.execPath,
    [...SERVER_NODE_FLAGS, ...d.nodeFlags, d.script],
    serverEnv(d, name, port, appKey),
    join(d.dir, name, 'server.log'),
  );
}

/**
 * `npm run migrate` as the operator runs it before the servers start: the build's migrate.js
 * (beside main.js) with the owner's direct URL.
 */
export function migrateAsOwner(script: string, ownerUrl: string): string {
  const result = spawnSync(process.execPath, [join(dirname(script), 'migrate.js')], {
    env: { PATH: process.env.PATH ?? '', DATABASE_OWNER_URL: ownerUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`migrate.js as the owner failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout.trim();
}

export async function deploy(dir: string, script: string, options: DeployOptions = {}): Promise<Deployment> {
  const cluster = await startCluster({ port: await freePort() });
  cleanups.push(() => cluster.stop());
  // deploy/roles.sql in a database of its own, then the migrations as the owner role.
  const roles = createRolesDatabase(cluster.url, { database: 'iddesk' });
  migrateAsOwner(script, roles.ownerUrl);
  let pgbouncer: Pgbouncer | null = null;
  if (options.pgbouncer) {
    pgbouncer = await startPgbouncer({
      serverUrl: cluster.url,
      roles: [roles.app],
      logFile: join(dir, 'pgbouncer.log'),
    });
    cleanups.push(() => pgbouncer?.stop());
  }
  const store = await startObjectStore(join(dir, 's3'), await freePort(), BUCKET);
  cleanups.push(() => store.close());
  const appKey = randomBytes(32).toString('hex');
  const partial = {
    dir,
    script,
    cluster,
    databaseUrl: pgbouncer ? pgbouncer.urlFor(roles.appUrl) : roles.appUrl,
    directUrl: roles.appUrl,
    ownerUrl: roles.ownerUrl,
    pgbouncer,
    store,
    env: options.env ?? {},
    nodeFlags: options.nodeFlags ?? [],
  };
  // Both at once, as compose starts them: the first admin must not race.
  const ports = [await freePort(), await freePort()];
  const servers = ports.map((port, n) => {
    const name = `server-${'ab'[n]}`;
    const proc = startServer(partial, name, port, appKey);
    return { name, proc, port, url: `http://127.0.0.1:${port}` };
  });
  for (const s of servers) cleanups.push(() => stop(s.proc));
  await Promise.all(servers.map((s) => waitReady(s.proc, `${s.url}/api/health`)));
  const nginxPort = await freePort();
  const nginx = await startNginx(join(dir, 'nginx'), nginxPort, ports);
  cleanups.push(() => stop(nginx, 'SIGTERM'));
  return { ...partial, appKey, servers, nginx, base: `http://127.0.0.1:${nginxPort}` };
}

/** Start another server on the deployment's database; it must exit non-zero naming APP_KEY. */
export async function refusesToStart(
  d: Deployment,
  name: string,
  appKey: string | undefined,
): Promise<string> {
  const port = await freePort();
  const proc = startServer(d, name, port, appKey);
  const url = `http://127.0.0.1:${port}/api/health`;
  let ready = false;
  try {
    await waitReady(proc, url, 30_000);
    ready = true;
  } catch {
    // Exited (the wanted outcome), or neither exited nor answered in 30 s.
  }
  if (!proc.isDead()) {
    await stop(proc);
    throw new CheckFailed(
      ready ? `it started and answered ${url}` : 'it neither exited nor answered in 30 s',
    );
  }
  const code = await proc.exited;
  const output = proc.output();
  const said = output.split('\n').find((line) => line.includes('APP_KEY'));
  expect(code !== 0, `it exited with 0: ${tail(output, 3)}`);
  expect(said, `it exited with ${code} without naming APP_KEY: ${tail(output, 3)}`);
  return `exit ${code}: ${said.trim().slice(0, 200)}`;
}
