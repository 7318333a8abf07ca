import { sql } from 'drizzle-orm';
import { formatAmount, type HandleRequestBodySchema, type Minor } from '@iddesk/contract';
import type { z } from 'zod';
import type { IdRequestRow, UserIdRow } from '../../db/schema';
import type { Tx } from '../../db/types';
import { ConflictError, ValidationError } from '../../errors/app-errors';
import type { Keyring } from '../app-key';
import type { Actor } from '../audit';
import { notifyRequestHandled } from '../notifications';
import { credit, type LedgerText, releaseHold, rowForCause, settleHold } from '../ledger';
import { seal, SEALED } from '../customer-ids';
import { findUserIdForUpdate, updateUserId } from '../customer-ids';
import { notPendingError, pendingItems, reuseConfirmation } from '../pending-items';
import { lockReference } from '../proof-reuse';
import {
  cancelPendingRequest,
  decidePendingRequest,
  findRequestRow,
  findRequestView,
  type IdRequestView,
  listRequestViews,
} from './repository';
import { t } from '../../lib/i18n';

type HandleInput = z.output<typeof HandleRequestBodySchema>;


/** What approving needs beyond the action, per type; checked before anything is written. */
function approvalExtras(type: IdRequestRow['type'], input: HandleInput, requested: bigint | null) {
  const { amount, password } = input;
  if (type === 'withdraw') {
    if (amount === undefined) throw ValidationError.field('amount', t('api.idRequests.enterCreditedAmount'));
    if (amount <= 0n) throw ValidationError.field('amount', t('api.idRequests.amountAboveZero'));
    return { confirmedAmount: amount, password: null };
  }
  if (type === 'close') {
    if (amount === undefined) {
      throw ValidationError.field('amount', t('api.idRequests.enterAmountLeft'));
    }
    return { confirmedAmount: amount, password: null };
  }
  if (type === 'change_password') {
    if (password === undefined) throw ValidationError.field('password', t('api.idRequests.enterPassword'));
    return { confirmedAmount: null, password };
  }
  // A deposit: what the admin confirms reached the ID; by default what was asked.
  return { confirmedAmount: amount ?? requested, password: null };
}

/** The wallet and ID changes a decision brings, in the caller's transaction. */
async function applyDecision(tx: Tx, request: IdRequestRow, approved: boolean, idPasswordSealed: string | null) {
  const creditConfirmed = (kind: 'id_withdraw' | 'id_close', description: LedgerText) =>
    credit(tx, {
      userId: request.userId,
      amount: request.confirmedAmount as Minor,
      kind,
      cause: { type: 'request', id: request.id },
      description,
    });
  switch (request.type) {
    case 'deposit':
      if (request.payFrom === 'wallet') {
        const held = await rowForCause(tx, { type: 'request', id: request.id });
        if (approved) await settleHold(tx, held.id);
        else await releaseHold(tx, held.id);
      }
      return;
    case 'withdraw':
      if (approved) await creditConfirmed('id_withdraw', { key: 'api.ledger.entry.idWithdrawal', values: { request: request.id } });
      return;
    case 'close':
      if (!approved) return;
      // Closing an empty ID credits nothing; the ledger takes no zero rows.
      if (request.confirmedAmount! > 0n) await creditConfirmed('id_close', { key: 'api.ledger.entry.idClosed', values: { request: request.id } });
      await updateUserId(tx, request.userIdId, { status: 'closed' });
      return;
    case 'change_password':
      if (approved) await updateUserId(tx, request.userIdId, { passwordSealed: idPasswordSealed });
      return;
    case 'create':
      throw new Error('create requests are decided through their user ID');
  }
}

type Decision = {
  approved: boolean;
  input: HandleInput;
  userIdId: number;
  confirmedAmount: bigint | null;
  password: string | null;
  keyring: Keyring;
};
/** The ID's new password travels sealed for the ID; the request keeps its own sealing. */
type Handled = { request: IdRequestRow; target: UserIdRow; idPasswordSealed: string | null };

/**
 * ID requests in the shared pending queue (no create requests: new IDs are decided through
 * their user ID). Theirs: the ID is locked first, as request filing does (one lock order, so
 * a close cannot interleave), approving needs it still active, and the money rule per type.
 */
const requestQueue = pendingItems<IdRequestView, Handled, Decision>({
  objectType: 'id_request',
  alreadyHandled: 'api.idRequests.alreadyHandled',
  find: findRequestView,
  list: (db, query, window) => listRequestViews(db, { ...query, queue: true }, window),
  isApproval: (decision) => decision.approved,
  // An approval's `comment` is the reason for a flagged deposit (`reuseConfirmation`, issue 51).
  async mark(tx, id, { approved, input, userIdId, confirmedAmount, password, keyring }, actor) {
    // Sealed under two purposes: the request's record and the ID's current password; in the
    // transaction, under the key the database names now (app-key/keyring).
    const key = password === null ? null : await keyring.sealingKey(tx);
    const sealed =
      password === null
        ? null
        : { request: seal(key!, SEALED.requestPassword, password), id: seal(key!, SEALED.password, password) };
    const target = (await findUserIdForUpdate(tx, userIdId))!;
    const request = await decidePendingRequest(tx, id, {
      status: approved ? 'approved' : 'rejected',
      adminId: actor.userId,
      comment: input.comment ?? null,
      confirmedAmount,
      ...(sealed === null ? {} : { passwordSealed: sealed.request }),
    });
    return request && { request, target, idPasswordSealed: sealed?.id ?? null };
  },
  async settle(tx, { request, target, idPasswordSealed }, { approved }) {
    if (approved && target.status !== 'active') throw new ConflictError('ID_NOT_ACTIVE', t('api.idRequests.notActiveAnyMore'));
    await applyDecision(tx, request, approved, idPasswordSealed);
    // Amounts and outcome only: a new password never goes into the audit log.
    return {
      status: request.status,
      type: request.type,
      user_id: request.userId,
      user_id_id: request.userIdId,
      amount: request.amount === null ? null : formatAmount(request.amount),
      confirmed_amount: request.confirmedAmount === null ? null : formatAmount(request.confirmedAmount),
      pay_from: request.payFrom,
      comment: request.comment,
    };
  },
  notify: (tx, { request }) => notifyRequestHandled(tx, request),
  // A deposit paid by proof: its UTR must not be credited twice (issues 16 and 51).
  proof: ({ request }) =>
    request.type === 'deposit' ? { reference: request.reference, tags: request.reuse, self: { requestId: request.id } } : null,
  lockReference: (tx, id) =>
    lockReference(tx, sql`select reference_canonical from id_requests where id = ${id} and type = 'deposit'`),
  cancel: {
    async mark(tx, id, customerId) {
      const found = await findRequestRow(tx, id);
      if (!found || found.userId !== customerId) return null;
      if (found.type === 'create') throw new ConflictError('CONFLICT', t('api.idRequests.cancelCreateElsewhere'));
      // The ID first, as filing and handling do: one lock order, so a cancel queues with them.
      const target = (await findUserIdForUpdate(tx, found.userIdId))!;
      const request = await cancelPendingRequest(tx, id, customerId);
      return request && { request, target, idPasswordSealed: null };
    },
    async release(tx, { request }) {
      if (request.type === 'deposit' && request.payFrom === 'wallet') {
        await releaseHold(tx, (await rowForCause(tx, { type: 'request', id: request.id })).id, 'cancelled');
      }
      return {
        type: request.type,
        user_id: request.userId,
        user_id_id: request.userIdId,
        amount: request.amount === null ? null : formatAmount(request.amount),
        pay_from: request.payFrom,
      };
    },
  },
});

export const { get: getRequest, list: listQueue } = requestQueue;

/**
 * Money rule 10: the customer cancels their own waiting deposit, withdrawal, close or password
 * change; a deposit's wallet hold returns at once. A cancelled close frees the ID again.
 */
export const cancelRequest = (tx: Tx, actor: Actor, id: number) => requestQueue.cancel(tx, actor, id);

/**
 * Approve or reject a deposit, withdraw, close or change_password request. The request
 * leaves `pending` exactly once (money rule 6): concurrent handlers queue on the ID's row
 * lock and then on the conditional UPDATE, and only the one that moved it touches money.
 * Rejection moves nothing but a deposit's hold. Approving needs the ID still active.
 */
export async function handleRequest(tx: Tx, keyring: Keyring, actor: Actor, id: number, input: HandleInput) {
  const current = await getRequest(tx, id);
  if (current.type === 'create') throw new ConflictError('CONFLICT', t('api.idRequests.createElsewhere'));
  if (current.status !== 'pending') throw notPendingError(current.status, 'api.idRequests.alreadyHandled');
  const approved = input.action === 'approve';
  const extras = approved ? approvalExtras(current.type, input, current.amount) : null;
  const confirmation = approved ? reuseConfirmation(input) : null;
  return requestQueue.decide(tx, actor, id, {
    approved,
    input,
    userIdId: current.userIdId,
    confirmedAmount: extras?.confirmedAmount ?? null,
    password: extras?.password ?? null,
    keyring,
  }, confirmation);
}
