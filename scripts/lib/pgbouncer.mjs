// A throwaway PgBouncer (Debian's /usr/sbin/pgbouncer, 1.18 and later) on 127.0.0.1 in front of a
// PostgreSQL server, in transaction mode: the pooler docs/operations.md describes, for tests and
// scripts that prove the server runs through it (pgbouncer.pg.test.ts; the scale-out test).
// Its own ini, log and pid file in a temp dir; trust auth for the server URL's user, which must
// be trusted by that server too (a throwaway cluster is, scripts/lib/postgres-cluster.mjs).
// PgBouncer refuses to run as root, so as root it runs as the `postgres` OS user.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-cluster.mjs';

export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** Why a PgBouncer cannot be started here, or null when it can. */
export function pgbouncerUnavailableReason() {
  if (!existsSync(PGBOUNCER_BIN)) return `${PGBOUNCER_BIN} not found: apt-get install -y pgbouncer (or set PGBOUNCER_BIN).`;
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root but there is no `postgres` OS user to run PgBouncer as.';
  }
  return null;
}

/** Resolves once something accepts connections on 127.0.0.1:`port`, or rejects after `ms`. */
async function listening(port, ms, exited) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (exited()) throw new Error(exited());
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen on ${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts PgBouncer in front of the server of `serverUrl` (any database name there is served
 * under the same name). `settings` are more [pgbouncer] lines (`pool_mode` is `transaction`).
 * Resolves to `{ port, urlFor(databaseUrl), adminUrl, log(), stop() }`: `urlFor` turns a URL of
 * that server into the same one through PgBouncer; `adminUrl` is its admin console (SHOW …,
 * simple queries only); `stop()` ends it and removes its temp dir (safe to call twice).
 * @param {{ serverUrl: string, settings?: Record<string, string> }} options
 */
export async function startPgbouncer({ serverUrl, settings = {} }) {
  const reason = pgbouncerUnavailableReason();
  if (reason) throw new Error(reason);
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || 'postgres';
  const root = mkdtempSync(join(tmpdir(), 'iddesk-pgbouncer-'));
  const port = await freePort();
  const file = (name) => join(root, name);
  const ini = {
    listen_addr: '127.0.0.1',
    listen_port: String(port),
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: file('users.txt'),
    admin_users: user,
    pool_mode: 'transaction',
    max_client_conn: '500',
    default_pool_size: '20',
    logfile: file('pgbouncer.log'),
    pidfile: file('pgbouncer.pid'),
    ...settings,
  };
  writeFileSync(file('users.txt'), `"${user}" ""\n`);
  writeFileSync(
    file('pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${user}`,
      '[pgbouncer]',
      ...Object.entries(ini).map(([key, value]) => `${key} = ${value}`),
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    for (const path of [root, file('users.txt'), file('pgbouncer.ini')]) chownSync(path, id('-u'), id('-g'));
    chmodSync(root, 0o700);
  }
  const child = spawn(PGBOUNCER_BIN, [...(asRoot ? ['-u', 'postgres'] : []), file('pgbouncer.ini')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let exited = null;
  child.on('exit', (code, signal) => (exited = `PgBouncer exited (${code ?? signal}): ${stderr}`));
  const log = () => (existsSync(file('pgbouncer.log')) ? readFileSync(file('pgbouncer.log'), 'utf8') : '');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await gone;
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await listening(port, 10_000, () => exited);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${log()}`, { cause: error });
  }
  const urlFor = (databaseUrl) => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };
  const admin = new URL(serverUrl);
  admin.hostname = '127.0.0.1';
  admin.port = String(port);
  admin.pathname = '/pgbouncer';
  return { port, urlFor, adminUrl: admin.toString(), log, stop };
}
