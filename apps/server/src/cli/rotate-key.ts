// `npm run rotate-key`: re-seal every stored secret from APP_KEY_PREVIOUS to APP_KEY in one
// transaction and move the database's key fingerprint to APP_KEY (docs/operations.md, "Key
// rotation"). The new key is what a server would use: APP_KEY, else DATA_DIR/app.key.
import { loadConfig } from '../config/app-config';
import { openDatabase } from '../db/client';
import type { Database } from '../db/types';
import { Keyring, rotateAppKey } from '../modules/app-key';
import { CliError, runCli } from './run';

await runCli(async () => {
  const config = loadConfig();
  if (!config.appKeyPrevious) {
    throw new CliError(
      'rotate-key: set APP_KEY_PREVIOUS to the key the data is sealed under now, and APP_KEY ' +
        '(or DATA_DIR/app.key on the embedded store) to the new key.',
    );
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    const result = await rotateAppKey(database.db, new Keyring(config.appKey, config.appKeyPrevious));
    const lines = Object.entries(result.resealed).map(([column, n]) => `  ${column}: ${n} re-sealed`);
    process.stdout.write(
      `Key rotated: the database is now sealed under APP_KEY.\n${lines.join('\n')}\n` +
        `  already under APP_KEY: ${result.alreadyCurrent}\n` +
        'Restart the servers without APP_KEY_PREVIOUS once every one of them runs with the new APP_KEY.\n',
    );
  } finally {
    await database?.close();
  }
});
