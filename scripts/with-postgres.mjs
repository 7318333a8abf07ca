#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster:
//   node scripts/with-postgres.mjs npx vitest run --project server
// The cluster lives in a temp dir, listens on 127.0.0.1 on a free port with trust auth and
// fsync off, and is removed afterwards. The command sees TEST_DATABASE_URL and exits with
// its own code. PostgreSQL refuses to run as root, so as root the cluster belongs to the
// `postgres` OS user and its tools run through runuser.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const command = process.argv.slice(2);

function die(message) {
  process.stderr.write(`with-postgres: ${message}\n`);
  process.exit(2);
}

if (command.length === 0) die('usage: node scripts/with-postgres.mjs <command> [args…]');
for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
  if (!existsSync(join(BIN_DIR, tool))) {
    die(
      `${join(BIN_DIR, tool)} not found. Install PostgreSQL 15 (apt-get install postgresql-15) or set PG_BIN_DIR.`,
    );
  }
}

const asRoot = process.getuid?.() === 0;
let pgUid;
let pgGid;
if (asRoot) {
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0)
    die('running as root but there is no `postgres` OS user to run PostgreSQL as.');
  pgUid = Number(uid.stdout.trim());
  pgGid = Number(gid.stdout.trim());
}

/** Run a PostgreSQL tool, as the postgres user when we are root. Throws on failure. */
function pgTool(tool, args) {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(BIN_DIR, tool), ...args]]
    : [join(BIN_DIR, tool), args];
  // cwd: the postgres user may not be allowed into the caller's directory.
  const result = spawnSync(file, argv, { encoding: 'utf8', cwd: root });
  if (result.status !== 0) {
    throw new Error(`${tool} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

function freePort() {
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

const root = mkdtempSync(join(tmpdir(), 'iddesk-pg-'));
const dataDir = join(root, 'data');
const socketDir = root;
const logFile = join(root, 'postgres.log');
if (asRoot) {
  chownSync(root, pgUid, pgGid);
  chmodSync(root, 0o700);
}

let started = false;
function cleanup() {
  if (started) {
    try {
      pgTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch (error) {
      process.stderr.write(`with-postgres: stopping the cluster failed: ${error.message}\n`);
    }
    started = false;
  }
  rmSync(root, { recursive: true, force: true });
}

let exitCode;
try {
  const port = await freePort();
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
    `-c port=${port}`,
    `-c unix_socket_directories=${socketDir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  pgTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  started = true;

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  process.stderr.write(`with-postgres: PostgreSQL ready at ${url}\n`);

  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  // Ctrl-C reaches the child through the terminal; we only wait, then clean up.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  exitCode = await new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`with-postgres: could not run ${command[0]}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (error) {
  process.stderr.write(`with-postgres: ${error.message}\n`);
  exitCode = 2;
} finally {
  cleanup();
}
process.exit(exitCode);
