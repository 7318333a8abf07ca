// `npm run lookalike:rehash`: give every stored payment screenshot the look-alike fingerprint of
// this version (issue 51 item 3), oldest first, then compute every payment's reuse tags again
// (docs/operations.md, "Look-alike fingerprints"). Run once after upgrading past migration 0032,
// with the servers running or not; safe to run again (a second run finds nothing to do). Exit
// code 1 if anything failed; files missing from storage are listed, not fatal.
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { S3Storage } from '../lib/s3-storage';
import { DiskStorage, type Storage } from '../lib/storage';
import { rehashProofs } from '../modules/uploads';
import { runCli } from './run';

await runCli(async () => {
  const config = loadConfig();
  let database: Database | undefined;
  let bucket: S3Storage | undefined;
  try {
    database = await openDatabase(config);
    let storage: Storage;
    if (config.s3) {
      bucket = await S3Storage.open(config.s3);
      await bucket.check();
      storage = bucket;
    } else storage = new DiskStorage(join(config.dataDir, 'uploads'));
    const summary = await rehashProofs(database.db, storage, (line) => process.stdout.write(`  ${line}\n`));
    for (const key of summary.missing) process.stdout.write(`  missing from storage: ${key}\n`);
    for (const key of summary.unreadable) process.stdout.write(`  not an image any more: ${key}\n`);
    process.stdout.write(
      `Fingerprinted ${summary.fingerprinted} proofs (${summary.lookalikes} like an earlier one); ` +
        `payments tagged again: ${summary.paymentsTagged}; missing ${summary.missing.length}, unreadable ${summary.unreadable.length}.\n`,
    );
  } finally {
    bucket?.close();
    await database?.close();
  }
});
