import { ConfigError } from '../config/env';
import { DataDirLockedError } from '../db/data-dir-lock';
import { MigrationsNotAppliedError } from '../db/migrate';
import { StorageUnavailableError } from '../lib/storage';
import { AppKeyMismatchError, RotationError } from '../modules/app-key';

/** Operator errors we raise print as their message; anything else keeps its stack. */
export class CliError extends Error {}

/** Run an operator command: exit 0 when it finishes, 1 with a plain message when it fails. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    const plain =
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof MigrationsNotAppliedError ||
      error instanceof AppKeyMismatchError ||
      error instanceof RotationError ||
      error instanceof StorageUnavailableError;
    process.stderr.write(`${plain ? (error).message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  }
}
