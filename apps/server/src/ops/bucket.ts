import { chmodSync, mkdirSync } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { S3Storage } from '../lib/s3-storage';
import type { StoredFile } from '../modules/uploads';

/**
 * The bucket half of a backup (docs/operations.md, "Backup and restore"): the objects the
 * database names, copied to and from a folder laid out as the bucket (and DATA_DIR/uploads):
 * `proofs/<name>`, `public/<name>`. Object names are random and objects never change, so a file
 * already in the folder with the right size is the same file, and a backup into the folder of
 * the day before copies only what is new.
 */

/** Parallel requests to the bucket: enough to hide latency, few enough for any store. */
const WORKERS = 8;

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, items.length) }, worker));
}

export type BucketCheck = {
  /** Files the database names, and objects in the bucket. */
  keys: number;
  objects: number;
  /** Named by the database, not in the bucket: a file lost. */
  missing: string[];
  /** In the bucket with another size than the database recorded: a file damaged. */
  wrongSize: { key: string; expected: number; found: number }[];
  /**
   * In the bucket, named by no row: left by a server killed between storing a file and
   * committing its row, or a file whose row is still being written. Harmless.
   */
  unreferenced: string[];
};

/** `npm run storage:check`: the database's files against the bucket's objects. */
export async function checkBucket(files: StoredFile[], bucket: S3Storage): Promise<BucketCheck> {
  const objects = new Map<string, number>();
  for await (const object of bucket.list()) objects.set(object.key, object.size);
  const named = new Set(files.map((f) => f.key));
  const missing: string[] = [];
  const wrongSize: BucketCheck['wrongSize'] = [];
  for (const file of files) {
    const found = objects.get(file.key);
    if (found === undefined) missing.push(file.key);
    else if (found !== file.size) wrongSize.push({ key: file.key, expected: file.size, found });
  }
  const unreferenced = [...objects.keys()].filter((key) => !named.has(key)).sort();
  return { keys: files.length, objects: objects.size, missing, wrongSize, unreferenced };
}

export type BucketBackup = {
  copied: number;
  /** Already in the folder with the right size (an earlier backup into the same folder). */
  alreadyThere: number;
  /** Named by the database, not in the bucket. */
  missing: string[];
  failed: { key: string; error: string }[];
};

/**
 * `npm run storage:backup -- --out DIR`: every file the database names, from the bucket into
 * DIR under its key. DIR and its folders are made readable by their owner only (0700), each
 * file 0600, written aside and renamed, so a cut-off run leaves no half file under a key.
 */
export async function backupBucket(files: StoredFile[], bucket: S3Storage, dir: string): Promise<BucketBackup> {
  const summary: BucketBackup = { copied: 0, alreadyThere: 0, missing: [], failed: [] };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  await inParallel(files, async (file) => {
    const path = join(dir, ...file.key.split('/'));
    try {
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === file.size) {
        summary.alreadyThere += 1;
        return;
      }
      const data = await bucket.get(file.key);
      if (data === null) {
        summary.missing.push(file.key);
        return;
      }
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      const partial = `${path}.part`;
      await writeFile(partial, data, { mode: 0o600 });
      await rename(partial, path);
      summary.copied += 1;
    } catch (error) {
      summary.failed.push({ key: file.key, error: String((error as Error).message ?? error) });
    }
  });
  summary.missing.sort();
  return summary;
}
