import { createHmac } from 'node:crypto';

/**
 * What the database records about the app key: HMAC-SHA256 of a fixed label under the key.
 * It tells two keys apart but reveals nothing about either, and nothing a key could be
 * searched from faster than by trying every 32-byte key.
 */
const LABEL = 'iddesk app key fingerprint v1';

export function fingerprintOf(key: Buffer): string {
  return createHmac('sha256', key).update(LABEL).digest('hex');
}
