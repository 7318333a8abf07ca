import { chmodSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { create } from 'tar';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock';
import {
  BackupError,
  DATABASE_DIR,
  FORMAT,
  FORMAT_VERSION,
  KEY_FILE,
  MANIFEST,
  type Manifest,
  serverRunning,
  UPLOADS_DIR,
} from './archive-layout';

export type BackupResult = { file: string; manifest: Manifest };

/**
 * `npm run backup -- --out FILE`: one tar.gz of DATA_DIR's database, uploads and key, taken
 * under the data dir lock (a running server makes it refuse, see archive-layout.ts). The
 * archive is written beside FILE and renamed into place, readable by its owner only: it holds
 * the key that opens the ID credentials inside it.
 */
export async function createBackup(dataDir: string, out: string): Promise<BackupResult> {
  const file = resolve(out);
  const fromDataDir = relative(dataDir, file);
  if (!fromDataDir.startsWith(`..${sep}`) && fromDataDir !== '..') {
    throw new BackupError(`Write the backup outside the data directory (${dataDir}).`);
  }
  if (!existsSync(join(dataDir, DATABASE_DIR))) {
    throw new BackupError(`${join(dataDir, DATABASE_DIR)} does not exist: there is no database to back up.`);
  }
  let lock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw serverRunning(error, 'a backup taken');
    throw error;
  }
  const manifestPath = join(dataDir, MANIFEST);
  const partial = `${file}.partial`;
  try {
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      has_key_file: existsSync(join(dataDir, KEY_FILE)),
      has_uploads: existsSync(join(dataDir, UPLOADS_DIR)),
    };
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [
      MANIFEST,
      DATABASE_DIR,
      ...(manifest.has_uploads ? [UPLOADS_DIR] : []),
      ...(manifest.has_key_file ? [KEY_FILE] : []),
    ];
    await create({ gzip: true, file: partial, cwd: dataDir, portable: true }, entries);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return { file, manifest };
  } finally {
    rmSync(partial, { force: true });
    rmSync(manifestPath, { force: true });
    lock.release();
  }
}
