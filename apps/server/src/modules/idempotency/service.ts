import { IDEMPOTENCY_KEY_TTL_HOURS, type Locale } from '@iddesk/contract';
import type { IdempotencyKeyRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import { localizeJson, t } from '../../lib/i18n';
import { sealSecret } from '../../lib/secret-box';
import { IDEMPOTENCY_RESPONSE_PURPOSE, type Keyring } from '../app-key';
import { claimKey, deleteKeysBefore, findKey, type KeyUse, storeAnswer } from './repository';

/** How long a key's answer is replayed; after that the key starts a new operation. */
const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60_000;

/** The key was answered before: its row, whose answer the call gets again. */
export class AnsweredBefore extends Error {
  constructor(readonly row: IdempotencyKeyRow) {
    super('idempotent replay');
  }
}

/** What a keyed call's answer is sealed with: the app keys, and the caller's language for its texts. */
export type Sealing = { keyring: Keyring; locale: Locale };

/**
 * A money call (issue 7, Stripe's design; docs/decisions/034): `work` in one transaction, the
 * same with or without an Idempotency-Key. With one, the key is claimed first and the answer,
 * sealed, stored last, so an acknowledged operation and its stored answer commit or vanish
 * together. A key already answered throws `AnsweredBefore` before any work (a retry after the
 * first call emptied the wallet is a replay, not a 409); one in flight on PostgreSQL makes the
 * claim wait for that call's end. `committing` runs once the work and its answer are written,
 * just before COMMIT.
 */
export async function inMoneyTransaction<T>(
  db: Db,
  use: KeyUse | null,
  { now, sealing, committing = () => {} }: { now: Date; sealing: Sealing; committing?: () => void },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (use === null) {
      const answer = await work(tx);
      committing();
      return answer;
    }
    const claimed = await claimKey(tx, use, now, new Date(now.getTime() - TTL_MS));
    if (!claimed) {
      // A new statement: it sees the answer of the call the claim waited for.
      const row = await findKey(tx, use);
      if (!row?.response) throw new Error('idempotency: a claimed key without its answer');
      throw new AnsweredBefore(row);
    }
    const answer = await work(tx);
    const { keyring, locale } = sealing;
    // Texts in the caller's language (lib/i18n.ts `t`), sealed under the key the database names.
    const response = sealSecret(keyring.sealingKeyFor(claimed.appKey), IDEMPOTENCY_RESPONSE_PURPOSE, localizeJson(JSON.stringify(answer), locale));
    await storeAnswer(tx, use, response);
    committing();
    return answer;
  });
}

/** The key's stored answer, unless it expired or its call is still running. */
export async function answeredBefore(db: Db, use: KeyUse, now: Date): Promise<IdempotencyKeyRow | null> {
  const row = await findKey(db, use);
  return row?.response && row.createdAt.getTime() >= now.getTime() - TTL_MS ? row : null;
}

/**
 * The answer to send again: a key sent again on a different request (another fingerprint) is
 * refused, 422 on the header.
 */
export function replayedAnswer(row: IdempotencyKeyRow, use: KeyUse, keyring: Keyring): unknown {
  if (row.fingerprint !== use.fingerprint) throw ValidationError.field('idempotency-key', t('api.idempotencyKeyReused'));
  return JSON.parse(keyring.open(IDEMPOTENCY_RESPONSE_PURPOSE, row.response!));
}

/** Removes expired keys (each server at most hourly). */
export function pruneExpiredKeys(db: Db, now: Date): Promise<void> {
  return deleteKeysBefore(db, new Date(now.getTime() - TTL_MS));
}
