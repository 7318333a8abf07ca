import type { DepositBodySchema, PageQuery } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { uniqueViolation } from '../../db/pg-errors';
import type { IdRequestRow, UserIdRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, NotFoundError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Storage } from '../../lib/storage';
import type { Keyring } from '../app-key';
import { hold } from '../ledger';
import { withStoredImage } from '../uploads';
import { assertReferenceFree } from '../proof-reuse';
import { seal, SEALED } from '../user-ids';
import { assertActive, checkPayment, paymentColumns, storeProof } from '../user-ids';
import { findUserIdForUpdate } from '../user-ids';
import { getOwnUserId } from '../user-ids';
import { findPendingOfType, findRequestView, insertRequest, type IdRequestView, listRequestViews } from './repository';

type DepositInput = z.output<typeof DepositBodySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

const ALREADY_WAITING: Partial<Record<IdRequestRow['type'], string>> = {
  close: 'A request to close this ID is already waiting for the desk.',
  change_password: 'A password change for this ID is already waiting for the desk.',
};

/**
 * File a request on the caller's own ID (another user's: 404). The ID is locked and must be
 * `active` (409 ID_NOT_ACTIVE); `write` inserts the request and any hold in the same
 * transaction, so nothing is left behind when a check fails.
 */
async function fileRequest(
  db: Db,
  userId: number,
  userIdId: number,
  write: (tx: Tx, locked: UserIdRow) => Promise<IdRequestRow>,
): Promise<IdRequestView> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const locked = await findUserIdForUpdate(tx, userIdId);
      if (!locked || locked.userId !== userId) throw new NotFoundError();
      assertActive(locked.status);
      return (await write(tx, locked)).id;
    });
  } catch (error) {
    // The partial unique index settles a race the pre-check under the lock cannot lose on
    // PostgreSQL, but the database stays the last word.
    if (uniqueViolation(error) === 'id_requests_one_pending_per_kind') {
      throw new ConflictError('CONFLICT', 'A request of this kind is already waiting for this ID.');
    }
    throw error;
  }
  return (await findRequestView(db, id))!;
}

/** Close and change-password: at most one waiting per ID (409). */
async function onlyOneWaiting(tx: Tx, userIdId: number, type: 'close' | 'change_password') {
  if (await findPendingOfType(tx, userIdId, type)) throw new ConflictError('CONFLICT', ALREADY_WAITING[type]!);
}

/**
 * Money into the ID: at least the item's minimum. From the wallet the amount is held at once
 * (money rule 4, cause `request`); by payment the screenshot is stored and nothing moves.
 */
export async function requestDeposit(
  { db, storage, log }: Deps,
  userId: number,
  userIdId: number,
  input: DepositInput,
  proof: Buffer | undefined,
): Promise<IdRequestView> {
  const target = await getOwnUserId(db, userId, userIdId);
  // Refused before the image work: a deposit into an inactive ID would be thrown away anyway.
  assertActive(target.status);
  const paymentType = await checkPayment(db, target.item.minDeposit, input, proof);
  if (input.pay_from === 'payment') await assertReferenceFree(db, input.reference);
  const image = await storeProof(storage, proof, input);
  return withStoredImage(storage, log, image, () =>
    fileRequest(db, userId, userIdId, async (tx, locked) => {
      const payment = await paymentColumns(tx, userId, input, paymentType, image);
      const request = await insertRequest(tx, { userIdId, userId, type: 'deposit', ...payment });
      if (input.pay_from === 'wallet') {
        await hold(tx, {
          userId,
          amount: input.amount,
          kind: 'id_deposit',
          cause: { type: 'request', id: request.id },
          description: `Deposit into ${target.item.name} ID ${locked.username}`,
        });
      }
      return request;
    }),
  );
}

/** Money out of the ID: nothing moves until an admin confirms what reached the wallet. */
export function requestWithdraw(db: Db, userId: number, userIdId: number, amount: bigint) {
  return fileRequest(db, userId, userIdId, (tx) => insertRequest(tx, { userIdId, userId, type: 'withdraw', amount }));
}

export function requestClose(db: Db, userId: number, userIdId: number) {
  return fileRequest(db, userId, userIdId, async (tx) => {
    await onlyOneWaiting(tx, userIdId, 'close');
    return insertRequest(tx, { userIdId, userId, type: 'close' });
  });
}

/** The wished password, if any, is sealed like the ID's credentials. */
export function requestPasswordChange(db: Db, keyring: Keyring, userId: number, userIdId: number, wish: string | undefined) {
  return fileRequest(db, userId, userIdId, async (tx) => {
    const passwordSealed = wish === undefined ? null : seal(await keyring.sealingKey(tx), SEALED.requestPassword, wish);
    await onlyOneWaiting(tx, userIdId, 'change_password');
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
