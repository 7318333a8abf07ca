import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/db/client';
import type { Database } from '../../src/db/types';

export const serverRoot = resolve(import.meta.dirname, '../..');
const tsx = resolve(serverRoot, '../../node_modules/.bin/tsx');

export type RunningProcess = {
  exited: Promise<number | null>;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

const running = new Set<ReturnType<typeof spawn>>();

/** Kill whatever a test left running (afterEach). */
export function killLeftovers(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/** One of the server's entry points (src/main.ts, src/cli/*.ts) as a real process, through tsx. */
export function runEntry(script: string, env: Record<string, string>, args: string[] = []): RunningProcess {
  const child = spawn(tsx, [script, ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', SEED_DEMO: 'false', STAFF_SECOND_FACTOR: 'optional', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    exited,
    output: () => output,
    async waitFor(pattern, timeoutMs = 60_000) {
      const started = Date.now();
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`${script} exited early:\n${output}`);
        if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

/**
 * An empty store a server process can be pointed at: a new database on TEST_DATABASE_URL's
 * server, or a fresh DATA_DIR for PGlite. `open()` opens it in this process (never while a
 * server process has it: PGlite is one process per data dir).
 */
export type ScratchStore = {
  driver: 'pglite' | 'postgres';
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  open(): Promise<Database>;
  drop(): Promise<void>;
};

export async function scratchStore(): Promise<ScratchStore> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'iddesk-proc-')), 'data');
  const base = { dataDir, env: { DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, '..', 'no-web') } };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      ...base,
      driver: 'pglite',
      databaseUrl: undefined,
      open: () => {
        mkdirSync(dataDir, { recursive: true });
        return openPglite({ dataDir: join(dataDir, 'db') });
      },
      drop: async () => {},
    };
  }
  const name = `iddesk_proc_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    ...base,
    driver: 'postgres',
    env: { ...base.env, DATABASE_URL: databaseUrl },
    databaseUrl,
    open: () => openPostgres(databaseUrl),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
