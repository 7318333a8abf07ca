import { hash, randomBytes } from 'node:crypto';

/** A fresh API token: 256 random bits, base64url. Only its hash is ever stored. */
export function newApiToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256, hex. The one-shot `hash` (no Hash object): every authenticated call runs this. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
