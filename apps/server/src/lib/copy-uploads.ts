import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { S3Storage } from './s3-storage';
import { isStorageKey } from './storage';

export type CopySummary = {
  /** Written to the bucket this run. */
  copied: number;
  /** Already in the bucket with the same size. */
  alreadyThere: number;
  /** Files whose names are not upload keys (a `.part` left by a crash): not copied. */
  ignored: string[];
  failed: { key: string; error: string }[];
};

/** Parallel requests to the bucket: enough to hide latency, few enough for any store. */
const WORKERS = 8;

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Copy every upload under `root` (DATA_DIR/uploads) into the bucket under the same key
 * ("proofs/….webp"), so the rows that name them keep working. Safe to run again: an object
 * already there with the same size is skipped (names are random and files never change, so
 * equal size means the same file; a different size means a copy cut short, and it is
 * written again).
 */
export async function copyUploadsToBucket(root: string, bucket: S3Storage): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, alreadyThere: 0, ignored: [], failed: [] };
  const keys: string[] = [];
  for (const key of await filesUnder(root)) {
    if (isStorageKey(key)) keys.push(key);
    else summary.ignored.push(key);
  }

  const copyOne = async (key: string) => {
    try {
      const path = join(root, ...key.split('/'));
      const size = (await stat(path)).size;
      if ((await bucket.sizeOf(key)) === size) {
        summary.alreadyThere += 1;
        return;
      }
      await bucket.put(key, await readFile(path));
      summary.copied += 1;
    } catch (error) {
      summary.failed.push({ key, error: String((error as Error).message ?? error) });
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < keys.length) await copyOne(keys[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, keys.length) }, worker));
  return summary;
}
