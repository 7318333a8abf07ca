import { eq, isNotNull } from 'drizzle-orm';
import { appKeyFingerprint } from '../../db/schema';
import type { Db } from '../../db/types';
import { AppKeyMismatchError } from './errors';
import { fingerprintOf } from './fingerprint';
import type { Keyring } from './keyring';
import { SEALED_COLUMNS } from './sealed-columns';

export type AppKeyState = 'current' | 'rotation-pending';

/**
 * At start, before the first request: the database's fingerprint must name one of this
 * process's keys. The first server records its own; an INSERT … ON CONFLICT DO NOTHING and a
 * read afterwards make two servers starting at once on an empty database agree on one row, so
 * the loser of that race compares like any later server.
 *
 * `rotation-pending`: the database is still on APP_KEY_PREVIOUS; run `npm run rotate-key`.
 */
export async function verifyAppKey(db: Db, keyring: Keyring): Promise<AppKeyState> {
  let recorded = await readFingerprint(db);
  if (recorded === undefined) {
    // A database from before the fingerprint existed may hold sealed values already: record
    // the key that opens them, and refuse a key that does not rather than bless it.
    const key = await keyOfExistingSecret(db, keyring);
    await db
      .insert(appKeyFingerprint)
      .values({ id: 1, fingerprint: fingerprintOf(key) })
      .onConflictDoNothing();
    recorded = (await readFingerprint(db))!;
  }
  const key = keyring.keyWithFingerprint(recorded);
  if (!key) throw new AppKeyMismatchError('the fingerprint recorded in the database differs');
  return key === keyring.current ? 'current' : 'rotation-pending';
}

async function readFingerprint(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ fingerprint: appKeyFingerprint.fingerprint })
    .from(appKeyFingerprint)
    .where(eq(appKeyFingerprint.id, 1));
  return row?.fingerprint;
}

/** The key that opens one stored secret, or APP_KEY when there are none yet. */
async function keyOfExistingSecret(db: Db, keyring: Keyring): Promise<Buffer> {
  for (const { table, name, column, purpose } of SEALED_COLUMNS) {
    const [row] = await db.select({ value: column }).from(table).where(isNotNull(column)).limit(1);
    if (!row?.value) continue;
    const key = keyring.keyThatOpens(purpose, row.value);
    if (key) return key;
    throw new AppKeyMismatchError(`a value in ${name} does not open with it`);
  }
  return keyring.current;
}
