import type { DataDirLockedError } from '../db/data-dir-lock';

/**
 * What a backup of the embedded store holds (docs/decisions/014-one-key-backup-restore.md):
 * PGlite's data dir as files, the disk store's uploads, the app key, and a manifest naming
 * the format, all relative to DATA_DIR in one tar.gz.
 */
export const MANIFEST = 'backup-manifest.json';
export const FORMAT = 'iddesk-embedded-backup';
export const FORMAT_VERSION = 1;
export const DATABASE_DIR = 'db';
export const UPLOADS_DIR = 'uploads';
export const KEY_FILE = 'app.key';
export const RESTORED_ENTRIES = [DATABASE_DIR, UPLOADS_DIR, KEY_FILE] as const;

export type Manifest = {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  /** False when the key came from APP_KEY: the operator keeps it, the archive does not. */
  has_key_file: boolean;
  has_uploads: boolean;
};

/** A backup or restore cannot go on; the message says what to do. Nothing was changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * PGlite is one process with the data dir open: its files are only consistent when no server
 * has it open, so both commands take the server's own lock and refuse while a server holds it.
 */
export function serverRunning(error: DataDirLockedError, action: string): BackupError {
  return new BackupError(
    `A server${error.pid ? ` (pid ${error.pid})` : ''} is using this data directory, so ${action} now ` +
      'could copy a database that is half written. The embedded database (PGlite) lives inside ' +
      'that one process: stop the server (Ctrl-C or SIGTERM; it checkpoints and closes), run ' +
      `this command again, then start the server. (Lock file: ${error.lockPath})`,
  );
}
