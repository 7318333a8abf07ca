import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number | null,
  ) {
    super(
      `Another ID Desk server${pid ? ` (pid ${pid})` : ''} is already using this data directory ` +
        `(${lockPath}). PGlite allows one process per DATA_DIR: stop the other server first, or ` +
        `set DATA_DIR to another folder. If no server is running, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { path: string; release: () => void };

/**
 * PGlite is a single in-process database; two processes on one data dir would corrupt it
 * (docs/product.md#running-it). An O_EXCL lock file holding our pid refuses the second process. A lock left
 * by a process that no longer exists (killed, crashed) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return { path, release: () => releaseIfOurs(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(path);
    // Our own pid counts as alive: a second open inside one process is refused as well.
    if (holder !== null && (holder === process.pid || isAlive(holder))) {
      throw new DataDirLockedError(path, holder);
    }
    // An empty lock may belong to a process that has created it but not yet written its pid.
    if (holder === null && isFresh(path)) throw new DataDirLockedError(path, null);
    // Stale: its owner is gone (or the file is unreadable junk). Remove it and try once more.
    removeQuietly(path);
  }
  throw new DataDirLockedError(path, readPid(path));
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isFresh(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < 5000;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(path: string): void {
  if (readPid(path) === process.pid) removeQuietly(path);
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
