// The bucket half of a backup, with the servers' environment (DATABASE_URL, S3_*, APP_KEY):
//   npm run storage:backup -- --out DIR   the objects the database names, into DIR (0700/0600)
//   npm run storage:restore -- --from DIR DIR's files into the bucket, then the check below
//   npm run storage:check                 keys the database names that the bucket lacks (exit 1),
//                                         and objects no row names
// Take the database dump first, then the bucket backup (docs/operations.md, "Backup and
// restore"). In an install without dev dependencies: node apps/server/dist/storage.js backup …
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env';
import { openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { copyUploadsToBucket } from '../lib/copy-uploads';
import { S3Storage } from '../lib/s3-storage';
import { storedFiles } from '../modules/uploads';
import { backupBucket, type BucketCheck, checkBucket } from '../ops/bucket';
import { CliError, runCli } from './run';

const say = (line: string) => process.stdout.write(`${line}\n`);
/** Long lists are cut at this many lines; the counts are always complete. */
const LISTED = 50;

function list(label: string, keys: string[]): void {
  for (const key of keys.slice(0, LISTED)) say(`  ${label}: ${key}`);
  if (keys.length > LISTED) say(`  … and ${keys.length - LISTED} more ${label}`);
}

/** Prints the check; true when no file the database names is missing or damaged. */
function report(check: BucketCheck): boolean {
  list('missing', check.missing);
  list(
    'wrong size',
    check.wrongSize.map((w) => `${w.key} (the database says ${w.expected} bytes, the bucket has ${w.found})`),
  );
  list('unreferenced', check.unreferenced);
  say(
    `Checked ${check.keys} files the database names against ${check.objects} objects: ` +
      `missing ${check.missing.length}, wrong size ${check.wrongSize.length}, unreferenced ${check.unreferenced.length}.`,
  );
  return check.missing.length === 0 && check.wrongSize.length === 0;
}

await runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' }, from: { type: 'string' } },
  });
  const command = positionals[0];
  if (command !== 'backup' && command !== 'restore' && command !== 'check') {
    throw new CliError('usage: storage.ts backup --out DIR | restore --from DIR | check');
  }
  const env = readEnv();
  if (!env.s3) {
    throw new CliError(
      'S3_BUCKET is not set: these commands are for a bucket. Files on disk (DATA_DIR/uploads) are in npm run backup.',
    );
  }
  if (command === 'backup' && !values.out) throw new CliError('storage:backup needs --out DIR.');
  if (command === 'restore' && !values.from) throw new CliError('storage:restore needs --from DIR.');
  if (command === 'restore' && !existsSync(resolve(values.from!))) {
    throw new CliError(`${resolve(values.from!)} does not exist.`);
  }

  let database: Database | undefined;
  const bucket = await S3Storage.open(env.s3);
  try {
    await bucket.check();
    database = await openDatabase(env);
    const files = await storedFiles(database.db);
    if (command === 'backup') {
      const dir = resolve(values.out!);
      say(`Backing up the ${files.length} files the database names from the bucket "${env.s3.bucket}" into ${dir}…`);
      const summary = await backupBucket(files, bucket, dir);
      list('missing from the bucket', summary.missing);
      for (const { key, error } of summary.failed) say(`  failed: ${key}: ${error}`);
      say(
        `Copied ${summary.copied}, already in the backup ${summary.alreadyThere}, ` +
          `missing from the bucket ${summary.missing.length}, failed ${summary.failed.length}.`,
      );
      if (summary.failed.length > 0) throw new CliError(`${summary.failed.length} files failed: run the command again.`);
      if (summary.missing.length > 0) {
        throw new CliError(`${summary.missing.length} files the database names are not in the bucket (storage:check lists them).`);
      }
      return;
    }
    if (command === 'restore') {
      const dir = resolve(values.from!);
      say(`Copying ${dir} into the bucket "${env.s3.bucket}"…`);
      const copy = await copyUploadsToBucket(dir, bucket);
      for (const { key, error } of copy.failed) say(`  failed: ${key}: ${error}`);
      list('not a stored file, left alone', copy.ignored);
      say(
        `Copied ${copy.copied}, already in the bucket ${copy.alreadyThere}, ` +
          `not stored files ${copy.ignored.length}, failed ${copy.failed.length}.`,
      );
      if (copy.failed.length > 0) throw new CliError(`${copy.failed.length} files failed: run the command again.`);
    }
    if (!report(await checkBucket(files, bucket))) {
      throw new CliError('Files the database names are missing from the bucket or damaged (listed above).');
    }
  } finally {
    bucket.close();
    await database?.close();
  }
});
