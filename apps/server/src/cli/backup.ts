// `npm run backup -- --out FILE`: the embedded store (PGlite, uploads, key) in one tar.gz.
// PostgreSQL and S3 have their own tools: docs/operations.md, "Backup and restore".
import { parseArgs } from 'node:util';
import { readEnv } from '../config/env';
import { BackupError } from '../ops/archive-layout';
import { createBackup } from '../ops/backup';
import { CliError, runCli } from './run';
import { embeddedDataDir } from './embedded';

await runCli(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new CliError('usage: npm run backup -- --out FILE');
  const dataDir = embeddedDataDir(readEnv(), 'backup');
  try {
    const { file, manifest } = await createBackup(dataDir, values.out);
    process.stdout.write(
      `Backup written to ${file}: the database${manifest.has_uploads ? ', the uploads' : ''}` +
        `${manifest.has_key_file ? ' and the app key' : ''} of ${dataDir}.\n` +
        (manifest.has_key_file
          ? 'It holds the key that opens the stored ID credentials: keep it as safe as the key.\n'
          : 'The key came from APP_KEY and is not in the archive: keep APP_KEY with the backup.\n'),
    );
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
});
