/**
 * The key this process was given does not match the one the database's secrets are sealed
 * under. Startup problems print as a plain message (main.ts), so the text says what to do.
 */
export class AppKeyMismatchError extends Error {
  constructor(detail: string) {
    super(
      `APP_KEY does not match the key this database's secrets are sealed under (${detail}). ` +
        'Start every server with the same APP_KEY (the embedded store keeps it in DATA_DIR/app.key). ' +
        'To change the key, set the old one as APP_KEY_PREVIOUS and the new one as APP_KEY, then run ' +
        '`npm run rotate-key` (docs/operations.md, "Key rotation").',
    );
    this.name = 'AppKeyMismatchError';
  }
}

/** `npm run rotate-key` cannot go on; nothing was changed. */
export class RotationError extends Error {
  constructor(message: string) {
    super(`rotate-key: ${message}`);
    this.name = 'RotationError';
  }
}
