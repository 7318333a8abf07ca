import type { DepositBodySchema, PageQuery } from '@iddesk/contract';
import { getMoneyLimits, assertWithinLimits } from '../settings';
import type { z } from 'zod';
import { uniqueViolation } from '../../db/pg-errors';
import type { IdRequestRow, PaymentTypeRow, UserIdRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, NotFoundError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import type { Keyring } from '../app-key';
import type { StoredImage } from '../uploads';
import { assertReferenceFree } from '../proof-reuse';
import { seal, SEALED } from '../customer-ids';
import { assertActive, checkPayment, holdIfFromWallet, paymentColumns, storeProof } from '../customer-ids';
import { findUserIdForUpdate } from '../customer-ids';
import { getOwnUserId } from '../customer-ids';
import { findPendingOfType, findRequestView, insertRequest, type IdRequestView, listRequestViews } from './repository';
import { t } from '../../lib/i18n';

type DepositInput = z.output<typeof DepositBodySchema>;

/** Money rule 9 (issue 17): the answer to any request on an ID whose close is waiting. */
const closing = () => new ConflictError('ID_CLOSING', t('api.idRequests.closing'));

/**
 * File a request on the caller's own ID (another user's: 404), in the call's transaction. The
 * ID is locked and must be `active` (409 ID_NOT_ACTIVE) with no close waiting (money rule 9:
 * 409 ID_CLOSING, also for a second close); `write` inserts the request and any hold. A close
 * filed meanwhile holds the same lock, so whichever comes second sees the other.
 */
async function fileRequest(
  tx: Tx,
  userId: number,
  userIdId: number,
  write: (locked: UserIdRow) => Promise<IdRequestRow>,
): Promise<IdRequestView> {
  let id: number;
  try {
    const locked = await findUserIdForUpdate(tx, userIdId);
    if (!locked || locked.userId !== userId) throw new NotFoundError();
    assertActive(locked.status);
    if (await findPendingOfType(tx, userIdId, 'close')) throw closing();
    id = (await write(locked)).id;
  } catch (error) {
    // The partial unique index settles a race the pre-check under the lock cannot lose on
    // PostgreSQL, but the database stays the last word (the transaction is over either way).
    if (uniqueViolation(error) === 'id_requests_one_pending_per_kind') {
      throw new ConflictError('CONFLICT', t('api.idRequests.kindWaiting'));
    }
    throw error;
  }
  return (await findRequestView(tx, id))!;
}

/** Change-password: at most one waiting per ID (409); a second close is refused as any request is. */
async function onlyOnePasswordChange(tx: Tx, userIdId: number) {
  if (await findPendingOfType(tx, userIdId, 'change_password')) throw new ConflictError('CONFLICT', t('api.idRequests.passwordChangeWaiting'));
}

/** What an ID deposit checked and stored before its transaction (prepareDeposit). */
export type PreparedDeposit = { itemName: string; paymentType: PaymentTypeRow | null; image: StoredImage | null };

/**
 * Money into an ID, the part before the transaction: the ID the caller's and active, not
 * closing, the amount at least the item's minimum and within the owners' ID-deposit limits
 * (rule 8), the payment's type, screenshot and reference; then the screenshot checked,
 * re-encoded and stored. The route runs it before a keyed call's transaction (money-calls
 * `before`), so no pooled connection waits in a transaction for the image pool.
 */
export async function prepareDeposit(
  db: Db,
  storage: Storage,
  userId: number,
  userIdId: number,
  input: DepositInput,
  proof: Buffer | undefined,
): Promise<PreparedDeposit> {
  const target = await getOwnUserId(db, userId, userIdId);
  // Refused before the image work: a deposit into an inactive ID would be thrown away anyway.
  assertActive(target.status);
  if (target.pendingRequestTypes.includes('close')) throw closing();
  const limits = await getMoneyLimits(db);
  const paymentType = await checkPayment(db, target.item.minDeposit, input, proof, { limits, operation: 'id_deposit' });
  if (input.pay_from === 'payment') await assertReferenceFree(db, input.reference);
  return { itemName: target.item.name, paymentType, image: await storeProof(storage, proof, input) };
}

/**
 * Money into an ID: the request, pending until staff confirm it; paid from the wallet, the
 * amount is held at once (money rule 4). The ID is checked again under its lock.
 */
export function recordDeposit(
  tx: Tx,
  userId: number,
  userIdId: number,
  input: DepositInput,
  { itemName, paymentType, image }: PreparedDeposit,
): Promise<IdRequestView> {
  return fileRequest(tx, userId, userIdId, async (locked) => {
    const payment = await paymentColumns(tx, userId, input, paymentType, image);
    const request = await insertRequest(tx, { userIdId, userId, type: 'deposit', ...payment });
    await holdIfFromWallet(tx, userId, input, {
      kind: 'id_deposit',
      cause: { type: 'request', id: request.id },
      description: { key: 'api.ledger.entry.idDeposit', values: { site: itemName, username: locked.username } },
    });
    return request;
  });
}

/**
 * Money out of the ID, within the owners' ID-withdrawal limits (rule 8): nothing moves until
 * an admin confirms what reached the wallet.
 */
export function requestWithdraw(tx: Tx, userId: number, userIdId: number, amount: bigint) {
  return fileRequest(tx, userId, userIdId, async () => {
    await assertWithinLimits(tx, 'id_withdraw', amount);
    return insertRequest(tx, { userIdId, userId, type: 'withdraw', amount });
  });
}

export function requestClose(tx: Tx, userId: number, userIdId: number) {
  return fileRequest(tx, userId, userIdId, () => insertRequest(tx, { userIdId, userId, type: 'close' }));
}

/** The wished password, if any, is sealed like the ID's credentials. */
export function requestPasswordChange(tx: Tx, keyring: Keyring, userId: number, userIdId: number, wish: string | undefined) {
  return fileRequest(tx, userId, userIdId, async () => {
    const passwordSealed = wish === undefined ? null : seal(await keyring.sealingKey(tx), SEALED.requestPassword, wish);
    await onlyOnePasswordChange(tx, userIdId);
    return insertRequest(tx, { userIdId, userId, type: 'change_password', passwordSealed });
  });
}

/**
 * One ID's requests (its create request included), newest first. Only the caller's rows are
 * read; an empty page asks whether the ID is theirs at all (404 otherwise). An ID always has
 * its create request, so a page of one that exists is never empty on the first page.
 */
export async function listOwnIdRequests(db: Db, userId: number, userIdId: number, query: PageQuery) {
  const { items, total } = await listRequestViews(db, { userId, userIdId }, pageWindow(query));
  if (items.length === 0) await getOwnUserId(db, userId, userIdId);
  return toPage(items, total, query);
}

/** All of the caller's requests, newest first. */
export async function listOwnRequests(db: Db, userId: number, query: PageQuery) {
  const { items, total } = await listRequestViews(db, { userId }, pageWindow(query));
  return toPage(items, total, query);
}
