import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const serverRoot = resolve(import.meta.dirname, '../..');

export type ServerProcess = ReturnType<typeof startServerProcess>;

/**
 * The real server (src/main.ts) as its own process, on PGlite in a fresh data dir, listening
 * on a free loopback port. `env` adds or overrides variables (DATA_DIR too, for two servers on
 * one data dir).
 *
 * Node with tsx's loader, not the `tsx` command: that one runs the script in a child and
 * relays signals to it, and when the child has not acknowledged a signal within 30 ms (a
 * loaded machine) it sends it again and then SIGKILLs the child, which a shutdown test would
 * read as the server's own doing.
 */
export function startServerProcess(env: Record<string, string> = {}) {
  const dataDir = env.DATA_DIR ?? join(mkdtempSync(join(tmpdir(), 'iddesk-proc-')), 'data');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'test admin password',
      SEED_DEMO: 'false',
      // The admin signs in with a password alone; staff-second-factor.test.ts covers `required`.
      STAFF_SECOND_FACTOR: 'optional',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));

  const waitFor = async (pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> => {
    const started = Date.now();
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** Resolves to the port once the server listens (Fastify's own "Server listening" line). */
  const port = async (): Promise<number> => {
    const match = await waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    return Number(match[1]);
  };

  return { child, dataDir, exited, waitFor, port, output: () => output };
}
