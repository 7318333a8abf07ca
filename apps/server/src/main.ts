import { buildApp } from './app';
import { type AppConfig, loadConfig } from './config/app-config';
import { ConfigError } from './config/env';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { MigrationsNotAppliedError } from './db/migrate';
import type { Database } from './db/types';
import { StorageUnavailableError } from './lib/storage';
import { AppKeyMismatchError, Keyring, verifyAppKey } from './modules/app-key';
import { seedDemoData } from './modules/demo-seed';
import { type BootstrapResult, ensureAdmin, writeGeneratedPassword } from './modules/users';
import { installShutdown } from './shutdown';

/**
 * Said once, on the start that created the admin. A generated password is written to a 0600
 * file in DATA_DIR, never to the log; the first sign-in with it must choose a new one.
 */
function announceAdmin(result: BootstrapResult, dataDir: string): void {
  if (!result.created) return;
  const lines = result.generatedPassword
    ? [
        `ID Desk created the first admin account (${result.email}) with a generated password, written to`,
        `  ${writeGeneratedPassword(dataDir, result.email, result.generatedPassword)}`,
        '(readable by this user only). Sign in with it: you will choose a new password, then set up',
        'a second factor. Then delete the file. Or set ADMIN_PASSWORD before the first start.',
      ]
    : [
        `ID Desk created the first admin account for ${result.email} (password from ADMIN_PASSWORD).`,
      ];
  const rule = '='.repeat(72);
  process.stdout.write(`\n${rule}\n${lines.join('\n')}\n${rule}\n\n`);
}

/** The address a person opens: APP_URL when set, else this machine on the port it listens on. */
function openUrl(config: AppConfig): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host);
  return config.appUrl !== `http://localhost:${config.port}` || local
    ? config.appUrl
    : `http://${config.host}:${config.port}`;
}

async function start(config: AppConfig): Promise<void> {
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    // Before anything is sealed or served: a server with another key refuses to start.
    const keyState = await verifyAppKey(database.db, new Keyring(config.appKey, config.appKeyPrevious));
    // Before the admin is created: a store that cannot be reached refuses the start before a
    // one-time password is printed for a server that never runs.
    const app = await buildApp({ db: database.db, config });
    installShutdown(app, database, config.shutdown);
    announceAdmin(await ensureAdmin(database.db, config.admin), config.dataDir);
    // After the admin exists (it does not count as data) and before the first request.
    if (config.seedDemo) {
      await seedDemoData({ db: database.db, storage: app.storage, log: app.log });
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { driver: database.driver, dataDir: config.dataDir },
      `ID Desk is listening on port ${config.port}: open ${openUrl(config)}`,
    );
    if (config.staffSecondFactor === 'optional') {
      app.log.warn(
        'STAFF_SECOND_FACTOR=optional: staff accounts can sign in with a password alone. Use this for development and demos only.',
      );
    }
    if (keyState === 'rotation-pending') {
      app.log.warn(
        'The database is still sealed under APP_KEY_PREVIOUS: once every server runs with both keys, run `npm run rotate-key`.',
      );
    }
  } catch (error) {
    await database?.close().catch(() => {});
    throw error;
  }
}

function fail(error: unknown): never {
  // Expected startup problems get a plain message; anything else keeps its stack.
  const known =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationsNotAppliedError ||
    error instanceof AppKeyMismatchError ||
    error instanceof StorageUnavailableError;
  process.stderr.write(
    `${known ? (error).message : String((error as Error)?.stack ?? error)}\n`,
  );
  process.exit(1);
}

try {
  await start(loadConfig());
} catch (error) {
  fail(error);
}
