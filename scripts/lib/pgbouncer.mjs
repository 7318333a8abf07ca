// PgBouncer on loopback in front of a throwaway PostgreSQL (postgres-cluster.mjs), in
// transaction pooling mode unless told otherwise: the pooler of docs/operations.md, as the
// scale-out test and the soak run it. Debian's binary (`apt-get install -y pgbouncer`, 1.18 on
// bookworm) with its own config in a temp dir, in the foreground as a child of this process.
// PgBouncer refuses to run as root, so as root it switches to the `postgres` OS user (`user`).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-cluster.mjs';

export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** Why PgBouncer cannot be started here, or null when it can. */
export function pgbouncerUnavailableReason() {
  if (!existsSync(PGBOUNCER_BIN)) {
    return `${PGBOUNCER_BIN} not found: apt-get install -y pgbouncer (or set PGBOUNCER_BIN).`;
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root but there is no `postgres` OS user to run PgBouncer as.';
  }
  return null;
}

/** `pgbouncer --version`'s first line, e.g. "PgBouncer 1.18.0". */
export function pgbouncerVersion() {
  return spawnSync(PGBOUNCER_BIN, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '';
}

const canConnect = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Start PgBouncer for every database of the server at `targetUrl` (`* = host=… port=…`), for
 * the given roles (trust authentication, as the throwaway cluster has). Resolves to
 * `{ port, url(role, database), output(), stop() }`; `url` is a postgres:// URL through the
 * pooler. `settings` are extra `[pgbouncer]` lines (`{ default_pool_size: '20' }`); its log
 * is kept in memory and, with `logFile`, appended there too.
 * @param {{ targetUrl: string, roles: string[], poolMode?: 'transaction' | 'session',
 *   settings?: Record<string, string>, port?: number, logFile?: string }} options
 */
export async function startPgbouncer({ targetUrl, roles, poolMode = 'transaction', settings = {}, port, logFile }) {
  const reason = pgbouncerUnavailableReason();
  if (reason) throw new Error(reason);
  const target = new URL(targetUrl);
  const listenPort = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'iddesk-pgbouncer-'));
  chmodSync(dir, 0o755);
  const userlist = join(dir, 'userlist.txt');
  writeFileSync(userlist, roles.map((role) => `"${role}" ""\n`).join(''), { mode: 0o644 });
  const lines = {
    listen_addr: '127.0.0.1',
    listen_port: String(listenPort),
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: userlist,
    pool_mode: poolMode,
    max_client_conn: '1000',
    default_pool_size: '20',
    // Logs go to stderr (kept in memory here); no syslog.
    logfile: '',
    log_connections: '0',
    log_disconnections: '0',
    ...(process.getuid?.() === 0 ? { user: 'postgres' } : {}),
    ...settings,
  };
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    `[databases]\n* = host=${target.hostname} port=${target.port || 5432}\n\n[pgbouncer]\n` +
      Object.entries(lines)
        .map(([key, value]) => `${key} = ${value}`)
        .join('\n') +
      '\n',
    { mode: 0o644 },
  );

  const child = spawn(PGBOUNCER_BIN, [ini], { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const gone = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = code ?? signal))));
  process.on('exit', () => child.kill('SIGKILL'));

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  while (!(await canConnect(listenPort))) {
    if (exited !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer exited at start (${exited}):\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`pgbouncer did not listen on ${listenPort} within 15 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port: listenPort,
    /** A URL through the pooler for `role` to `database`. */
    url: (role, database) => `postgres://${encodeURIComponent(role)}@127.0.0.1:${listenPort}/${database}`,
    output: () => output,
    stop,
  };
}
