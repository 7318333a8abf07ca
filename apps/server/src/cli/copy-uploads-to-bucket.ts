// `npm run storage:copy-to-bucket`: copy the disk store (DATA_DIR/uploads) into the S3 bucket
// of the S3_* variables, for an operator moving to object storage (docs/operations.md,
// "Object storage"). Safe to run again; run it once more after the last server on disk has
// stopped. Exit code 1 if anything failed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readEnv } from '../config/env';
import { copyUploadsToBucket } from '../lib/copy-uploads';
import { S3Storage } from '../lib/s3-storage';
import { CliError, runCli } from './run';

await runCli(async () => {
  const env = readEnv();
  if (!env.s3) throw new CliError('S3_BUCKET is not set: set the S3_* variables of the bucket to copy into.');
  const root = join(env.dataDir, 'uploads');
  if (!existsSync(root)) throw new CliError(`There is no uploads folder at ${root} (DATA_DIR=${env.dataDir}).`);

  const bucket = await S3Storage.open(env.s3);
  try {
    await bucket.check();
    process.stdout.write(`Copying ${root} into the bucket "${env.s3.bucket}"…\n`);
    const summary = await copyUploadsToBucket(root, bucket);
    for (const { key, error } of summary.failed) process.stdout.write(`  failed: ${key}: ${error}\n`);
    for (const key of summary.ignored) process.stdout.write(`  not an upload, left alone: ${key}\n`);
    process.stdout.write(
      `Copied ${summary.copied}, already in the bucket ${summary.alreadyThere}, ` +
        `not uploads ${summary.ignored.length}, failed ${summary.failed.length}.\n`,
    );
    if (summary.failed.length > 0) throw new CliError(`${summary.failed.length} files failed: run the command again.`);
  } finally {
    bucket.close();
  }
});
