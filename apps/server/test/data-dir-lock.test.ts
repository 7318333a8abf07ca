import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../src/db/data-dir-lock';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

const tempDir = () => mkdtempSync(join(tmpdir(), 'iddesk-lock-'));

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data dir lock', () => {
  it('refuses a second holder with a clear message, and frees the dir on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));

    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already using this data directory/);

    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});

describe('two server processes on one DATA_DIR', () => {
  const servers: ServerProcess[] = [];
  afterEach(() => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  function startServer(dataDir: string) {
    const server = startServerProcess({ DATA_DIR: dataDir });
    servers.push(server);
    return server;
  }

  it('the second refuses to start with a clear message; the first shuts down cleanly on SIGTERM', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = startServer(dataDir);
    await first.waitFor(/ID Desk is listening/, 60_000);

    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(
      /Another ID Desk server \(pid \d+\) is already using this data directory/,
    );
    expect(second.output()).toContain('DATA_DIR');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});
