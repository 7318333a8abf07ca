import { sealSecret } from '../../lib/secret-box';
import type { Keyring } from '../app-key';

/**
 * What each sealed column is for. The purpose is bound into the ciphertext, so a login can
 * never be opened as a password or a request's wish as the ID's password.
 */
export const SEALED = {
  login: 'user_ids.login',
  password: 'user_ids.password',
  requestPassword: 'id_requests.password',
} as const;
type Purpose = (typeof SEALED)[keyof typeof SEALED];

export const seal = (key: Buffer, purpose: Purpose, value: string) => sealSecret(key, purpose, value);

export function openOrNull(keyring: Keyring, purpose: Purpose, sealed: string | null): string | null {
  return sealed === null ? null : keyring.open(purpose, sealed);
}
