import { eq, sql } from 'drizzle-orm';
import { appKeyFingerprint } from '../../db/schema';
import type { Db } from '../../db/types';
import { openSecret } from '../../lib/secret-box';
import { AppKeyMismatchError } from './errors';
import { fingerprintOf } from './fingerprint';

/**
 * The database's key fingerprint under a share lock, as a column: a sealing transaction reads
 * it in one of its own statements (the Idempotency-Key's claim) instead of one more; null when
 * no server has written it yet.
 */
export const sealingFingerprint = sql<string | null>`(select fingerprint from app_key_fingerprint where id = 1 for share)`;

/**
 * The keys this process holds: APP_KEY and, during a rotation, APP_KEY_PREVIOUS.
 *
 * Opening tries both, so a server given both keys reads every value whether or not
 * `npm run rotate-key` has re-sealed it yet. Sealing uses the key the database's fingerprint
 * names, read under a share lock in the sealing transaction: before the rotation that is still
 * the previous key (servers not yet restarted with both keys can open what this one writes);
 * the rotation takes the row's update lock, so no value can be sealed under the old key after
 * it has re-sealed the rest (docs/decisions/014-one-key-backup-restore.md).
 */
export class Keyring {
  private readonly entries: { key: Buffer; fingerprint: string }[];

  constructor(
    readonly current: Buffer,
    readonly previous: Buffer | undefined = undefined,
  ) {
    this.entries = [current, ...(previous ? [previous] : [])].map((key) => ({
      key,
      fingerprint: fingerprintOf(key),
    }));
  }

  /** The key whose fingerprint is `fingerprint`, if this process holds it. */
  keyWithFingerprint(fingerprint: string): Buffer | undefined {
    return this.entries.find((e) => e.fingerprint === fingerprint)?.key;
  }

  /** Throws when the value was altered or sealed under neither key. */
  open(purpose: string, sealed: string): string {
    let failure: unknown;
    for (const { key } of this.entries) {
      try {
        return openSecret(key, purpose, sealed);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  /** Which of the keys `sealed` was sealed under, if either. */
  keyThatOpens(purpose: string, sealed: string): Buffer | undefined {
    return this.entries.find(({ key }) => {
      try {
        openSecret(key, purpose, sealed);
        return true;
      } catch {
        return false;
      }
    })?.key;
  }

  /** The key to seal under inside transaction `tx` (see the class comment). */
  async sealingKey(tx: Db): Promise<Buffer> {
    const [row] = await tx
      .select({ fingerprint: appKeyFingerprint.fingerprint })
      .from(appKeyFingerprint)
      .where(eq(appKeyFingerprint.id, 1))
      .for('share');
    return this.sealingKeyFor(row?.fingerprint ?? null);
  }

  /** The key to seal under, given what `sealingFingerprint` read in the sealing transaction. */
  sealingKeyFor(fingerprint: string | null): Buffer {
    // No fingerprint yet: a database no server has started on (tests build the app directly).
    if (fingerprint === null) return this.current;
    const key = this.keyWithFingerprint(fingerprint);
    if (!key) throw new AppKeyMismatchError('the key was rotated after this server started');
    return key;
  }
}
