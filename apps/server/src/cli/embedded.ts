import type { EnvConfig } from '../config/env';
import { CliError } from './run';

/** The embedded store's DATA_DIR; with DATABASE_URL the database is PostgreSQL's to back up. */
export function embeddedDataDir(env: EnvConfig, command: 'backup' | 'restore'): string {
  if (env.databaseUrl) {
    throw new CliError(
      `npm run ${command} is for the embedded store (PGlite in DATA_DIR). With DATABASE_URL set, ` +
        'use pg_dump / pg_restore and npm run storage:backup / storage:restore: docs/operations.md, "Backup and restore".',
    );
  }
  return env.dataDir;
}
