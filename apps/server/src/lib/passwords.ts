import { randomBytes } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1). `Algorithm` is an ambient const enum,
 * which isolatedModules cannot read, hence the literal (2 = Argon2id).
 */
const ARGON2ID: Options = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spend the same time as a real check when the account does not exist, so response timing
 * does not reveal which emails and phones are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A readable random password for the first admin when none is configured. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
