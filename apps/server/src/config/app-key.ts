import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_FILE = 'app.key';

/**
 * The key that encrypts stored ID credentials (docs/product.md#domain). APP_KEY wins; otherwise the key
 * lives in DATA_DIR/app.key, generated once. Losing it makes stored credentials unreadable,
 * so it is never regenerated over an existing file.
 */
export function loadOrCreateAppKey(dataDir: string, fromEnv: Buffer | undefined): Buffer {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(`${file} does not hold a 32-byte base64 key. Restore it from a backup.`);
  }
  return key;
}
