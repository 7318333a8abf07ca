import { sealSecret } from '../../lib/secret-box';
import { type Keyring, SEALED } from '../app-key';

// The purposes live with the app key, which lists every sealed column for key rotation.
export { SEALED };
type Purpose = (typeof SEALED)[keyof typeof SEALED];

export const seal = (key: Buffer, purpose: Purpose, value: string) => sealSecret(key, purpose, value);

export function openOrNull(keyring: Keyring, purpose: Purpose, sealed: string | null): string | null {
  return sealed === null ? null : keyring.open(purpose, sealed);
}
