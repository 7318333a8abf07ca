import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { extract } from 'tar';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../db/data-dir-lock';
import {
  BackupError,
  DATABASE_DIR,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  type Manifest,
  RESTORED_ENTRIES,
  serverRunning,
} from './archive-layout';

export type RestoreResult = { manifest: Manifest; movedAside: string | null };

/**
 * `npm run restore -- FILE [--force]`: unpack a backup into DATA_DIR. The archive is unpacked
 * into a scratch folder beside DATA_DIR first and checked, so a wrong or damaged file leaves
 * the data dir as it was; then its entries are renamed into place under the data dir lock. A
 * data dir with anything in it is refused; with --force its entries are moved aside into
 * DATA_DIR/before-restore-<time>/, never deleted.
 */
export async function restoreBackup(dataDir: string, file: string, force: boolean): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let lock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw serverRunning(error, 'a restore');
    throw error;
  }
  const parent = dirname(dataDir);
  const scratch = mkdtempSync(join(parent, `.${basename(dataDir)}-restore-`));
  try {
    const present = readdirSync(dataDir).filter((name) => name !== LOCK_FILE_NAME);
    if (present.length > 0 && !force) {
      throw new BackupError(
        `${dataDir} is not empty (${present.join(', ')}). Restore into an empty data directory, ` +
          'or add --force to move what is there into a before-restore-<time> folder inside it.',
      );
    }
    const manifest = await unpack(file, scratch);
    let movedAside: string | null = null;
    if (present.length > 0) {
      movedAside = join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      mkdirSync(movedAside);
      for (const name of present) renameSync(join(dataDir, name), join(movedAside, name));
    }
    for (const name of RESTORED_ENTRIES) {
      if (existsSync(join(scratch, name))) renameSync(join(scratch, name), join(dataDir, name));
    }
    return { manifest, movedAside };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    lock.release();
  }
}

/** Unpack only what a backup holds (tar strips absolute paths and `..`), then check it. */
async function unpack(file: string, into: string): Promise<Manifest> {
  const allowed = new Set<string>([MANIFEST, ...RESTORED_ENTRIES]);
  try {
    await extract({
      file,
      cwd: into,
      strict: true,
      filter: (path) => allowed.has(path.replace(/^\.\//, '').split('/')[0]!),
    });
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup archive (${(error as Error).message}).`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(into, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} holds no ${MANIFEST}: it is not an ID Desk backup.`);
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
    throw new BackupError(`${file} is a ${manifest.format} v${manifest.version} archive, not ${FORMAT} v${FORMAT_VERSION}.`);
  }
  if (!existsSync(join(into, DATABASE_DIR))) throw new BackupError(`${file} holds no database.`);
  return manifest;
}
