// `npm run restore -- FILE [--force]`: unpack a backup of the embedded store into DATA_DIR.
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env';
import { BackupError } from '../ops/archive-layout';
import { restoreBackup } from '../ops/restore';
import { embeddedDataDir } from './embedded';
import { CliError, runCli } from './run';

await runCli(async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new CliError('usage: npm run restore -- FILE [--force]');
  const dataDir = embeddedDataDir(readEnv(), 'restore');
  try {
    const { manifest, movedAside } = await restoreBackup(dataDir, positionals[0]!, values.force);
    process.stdout.write(
      `Restored the backup of ${manifest.created_at} into ${dataDir}.\n` +
        (movedAside ? `What was there before is in ${movedAside}.\n` : '') +
        (manifest.has_key_file ? '' : 'The archive holds no app.key: start the server with the APP_KEY it was taken with.\n'),
    );
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
});
