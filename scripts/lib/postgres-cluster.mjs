// A throwaway PostgreSQL 15 cluster in a temp dir, listening on 127.0.0.1 on a free port with
// trust auth. Used by with-postgres.mjs (tests) and the benchmark. PostgreSQL refuses to run
// as root, so as root the cluster belongs to the `postgres` OS user and its tools run through
// runuser.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** Settings for a cluster whose data may be lost: tests, where only speed matters. */
export const THROWAWAY_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
};

export class ClusterError extends Error {}

/** Why a cluster cannot be started here, or null when it can. */
export function clusterUnavailableReason() {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(PG_BIN_DIR, tool))) {
      return `${join(PG_BIN_DIR, tool)} not found. Install PostgreSQL 15 (apt-get install postgresql-15) or set PG_BIN_DIR.`;
    }
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root but there is no `postgres` OS user to run PostgreSQL as.';
  }
  return null;
}

function postgresOsUser() {
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new ClusterError(
      'running as root but there is no `postgres` OS user to run PostgreSQL as.',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * initdb + pg_ctl start. Resolves to `{ url, root, stop(), stopServer(), startServer() }`;
 * `stop()` shuts the server down and removes the temp dir (safe to call twice);
 * `stopServer()` and `startServer()` stop and restart it on the same port and data, for
 * outage tests. `settings` are postgres `-c` options.
 * @param {{ settings?: Record<string, string>, port?: number }} [options]
 */
export async function startCluster({ settings = THROWAWAY_SETTINGS, port } = {}) {
  const reason = clusterUnavailableReason();
  if (reason) throw new ClusterError(reason);
  const owner = process.getuid?.() === 0 ? postgresOsUser() : null;

  const root = mkdtempSync(join(tmpdir(), 'iddesk-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  if (owner) {
    chownSync(root, owner.uid, owner.gid);
    chmodSync(root, 0o700);
  }

  /** Run a PostgreSQL tool, as the postgres user when we are root. Throws on failure. */
  const pgTool = (tool, args) => {
    const [file, argv] = owner
      ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN_DIR, tool), ...args]]
      : [join(PG_BIN_DIR, tool), args];
    // cwd: the postgres user may not be allowed into the caller's directory.
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: root });
    if (result.status !== 0) {
      throw new ClusterError(
        `${tool} failed (${result.status}):\n${result.stdout}${result.stderr}`,
      );
    }
    return result.stdout;
  };

  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch (error) {
        process.stderr.write(`postgres-cluster: stopping the cluster failed: ${error.message}\n`);
      }
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    const listenPort = port ?? (await freePort());
    pgTool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    const options = [
      '-c listen_addresses=127.0.0.1',
      `-c port=${listenPort}`,
      `-c unix_socket_directories=${root}`,
      ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`),
    ].join(' ');
    const startServer = () => {
      pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      started = true;
    };
    startServer();
    /** An outage: a fast shutdown (sessions are told 57P01 and closed); the data stays. */
    const stopServer = () => {
      pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      started = false;
    };
    return {
      url: `postgres://postgres@127.0.0.1:${listenPort}/postgres`,
      root,
      stop,
      stopServer,
      startServer,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
