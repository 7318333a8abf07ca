import { eq, isNotNull, sql } from 'drizzle-orm';
import { appKeyFingerprint } from '../../db/schema';
import type { Db } from '../../db/types';
import { sealSecret } from '../../lib/secret-box';
import { RotationError } from './errors';
import { fingerprintOf } from './fingerprint';
import type { Keyring } from './keyring';
import { SEALED_COLUMNS } from './sealed-columns';

export type RotationResult = {
  /** Values re-sealed from APP_KEY_PREVIOUS to APP_KEY, per column. */
  resealed: Record<string, number>;
  /** Values that were under APP_KEY already (a rotation run twice, or written meanwhile). */
  alreadyCurrent: number;
};

/**
 * `npm run rotate-key`: every sealed value under APP_KEY_PREVIOUS is opened and sealed again
 * under APP_KEY, and the fingerprint moves to APP_KEY, in one transaction. The fingerprint row
 * is locked first: sealing transactions read it under a share lock (Keyring.sealingKey), so
 * none can commit a value under the old key once this has re-sealed the rest. A value that
 * opens under neither key aborts everything, naming where it is.
 */
export async function rotateAppKey(db: Db, keyring: Keyring): Promise<RotationResult> {
  const previous = keyring.previous;
  if (!previous) throw new RotationError('APP_KEY_PREVIOUS is not set: there is no old key to rotate from.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ fingerprint: appKeyFingerprint.fingerprint })
      .from(appKeyFingerprint)
      .where(eq(appKeyFingerprint.id, 1))
      .for('update');
    if (row && !keyring.keyWithFingerprint(row.fingerprint)) {
      throw new RotationError('the database is sealed under neither APP_KEY nor APP_KEY_PREVIOUS; nothing was changed.');
    }
    const result: RotationResult = { resealed: {}, alreadyCurrent: 0 };
    for (const { table, name, column, purpose } of SEALED_COLUMNS) {
      // ctid names the row version this transaction has just locked; no key column is common
      // to all four tables, and the id of idempotency_keys is two columns.
      const rows = await tx
        .select({ ref: sql<string>`ctid::text`, value: column })
        .from(table)
        .where(isNotNull(column))
        .for('update');
      let count = 0;
      for (const { ref, value } of rows) {
        const key = keyring.keyThatOpens(purpose, value!);
        if (!key) throw new RotationError(`${name} (row ${ref}) opens under neither APP_KEY nor APP_KEY_PREVIOUS; nothing was changed.`);
        if (key === keyring.current) {
          result.alreadyCurrent += 1;
          continue;
        }
        const resealed = sealSecret(keyring.current, purpose, keyring.open(purpose, value!));
        await tx.execute(
          sql`update ${table} set ${sql.identifier(column.name)} = ${resealed} where ctid = ${ref}::tid`,
        );
        count += 1;
      }
      result.resealed[name] = count;
    }
    const fingerprint = fingerprintOf(keyring.current);
    await tx
      .insert(appKeyFingerprint)
      .values({ id: 1, fingerprint })
      .onConflictDoUpdate({ target: appKeyFingerprint.id, set: { fingerprint, recordedAt: new Date() } });
    return result;
  });
}
