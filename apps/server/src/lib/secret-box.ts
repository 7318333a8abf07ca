import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seal short secrets (ID logins and passwords) with AES-256-GCM under the app key. Each value
 * gets a fresh random 12-byte IV; the stored text is `v1.` + base64(iv ‖ tag ‖ ciphertext).
 * The purpose ("user_id.password") is authenticated as associated data, so a sealed value
 * copied into another column or table does not open there.
 */
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealSecret(key: Buffer, purpose: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the value was altered or sealed under another key or purpose. */
export function openSecret(key: Buffer, purpose: string, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('Unknown sealed secret format');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed secret is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
