import { createHash, randomBytes } from 'node:crypto';

/** A fresh API token: 256 random bits, base64url. Only its hash is ever stored. */
export function newApiToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
