import { type MessageKey, type PageQuery, type Paginated, translate } from '@iddesk/contract';
import type { Db, Tx } from '../../db/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-errors';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Actor } from '../audit';
import { writeAudit } from '../audit';
import { guardProof, type ProofPayment } from '../proof-reuse';
import type { ListQuery } from './filters';
import { t } from '../../lib/i18n';

/**
 * What one kind of pending item (a bill, a withdrawal, an ID request, a new user ID) brings
 * to the shared queue: how it is read, how it leaves `pending`, what money that moves, and
 * what the customer is told. The order, the once-only rule and the transaction are shared.
 */
export type PendingKind<View extends { userId: number; status: string }, Handled, Decision, Cancelled = Handled> = {
  /** Audit object type; the actions are `<objectType>.approve` and `<objectType>.reject`. */
  objectType: string;
  /** The 409 ALREADY_HANDLED message's key. */
  alreadyHandled: MessageKey;
  find(db: Db, id: number): Promise<View | null>;
  list(db: Db, query: ListQuery, window: { limit: number; offset: number }): Promise<{ items: View[]; total: number }>;
  isApproval(decision: Decision): boolean;
  /**
   * Moves the item out of `pending` with `updateIfPending` (plus anything that must come
   * before it in the transaction: locks, sealing); null when it was no longer pending.
   * `reason`: an approval's reason for a flagged payment (issue 51), kept as the item's comment
   * (staff's: the CSV's comment column; the customer's JSON leaves it out, `customerComment`).
   */
  mark(tx: Tx, id: number, decision: Decision, actor: Actor, reason: string | null): Promise<Handled | null>;
  /** The money rule, through the ledger; returns the audit entry's `after`. */
  settle(tx: Tx, handled: Handled, decision: Decision): Promise<Record<string, unknown>>;
  notify(tx: Tx, handled: Handled, decision: Decision): Promise<void>;
  /**
   * Payments by proof (issues 16 and 51): the marked item's reference, reuse tags and row, for
   * proof-reuse's `guardProof` (null when this item is paid otherwise). A flagged payment is
   * approved only with a reason (money rule 11).
   */
  proof?(handled: Handled): ProofPayment | null;
  /**
   * With `proof`: takes the payment's reference lock before an approval marks it (proof-reuse
   * `lockReference`), so approvals of one reference queue (money rule 11).
   */
  lockReference?(tx: Tx, id: number): Promise<void>;
  /**
   * Issue 17, money rule 10: the customer cancels their own item while it is pending. `mark`
   * moves it to `cancelled` with `updateIfPending`, the owner in its condition (after the
   * same locks `mark` takes, so a cancel and a decision queue alike); null when it was not
   * pending or not theirs. `release` returns any hold through the ledger (the audit's `after`).
   * What `mark` returns here (`Cancelled`) may be less than a decision's `Handled`.
   */
  cancel?: {
    mark(tx: Tx, id: number, customerId: number): Promise<Cancelled | null>;
    release(tx: Tx, handled: Cancelled): Promise<Record<string, unknown>>;
  };
};


/**
 * The 409 for an item that is no longer pending: staff meeting one the customer cancelled are
 * told so; anything else handled is the kind's message.
 */
export function notPendingError(status: string, alreadyHandled: MessageKey, audience: 'staff' | 'customer' = 'staff') {
  if (status === 'cancelled') {
    return new ConflictError('ALREADY_HANDLED', t(audience === 'staff' ? 'api.queue.cancelledByCustomer' : 'api.queue.alreadyCancelled'));
  }
  return new ConflictError('ALREADY_HANDLED', t(alreadyHandled));
}

/** Staff confirming, with a reason, that a flagged payment may be approved (money rule 11). */
export type ReuseConfirmation = { comment: string } | null;

/**
 * The comment a customer sees: a rejection's reason for them. An approval's comment is staff's
 * reason for approving a flagged payment (issue 51): staff and the CSV only.
 */
export const customerComment = (status: string, comment: string | null): string | null =>
  status === 'approved' ? null : comment;

/** The confirmation a decision body carries (`confirm_reused` with a `comment`), checked. */
export function reuseConfirmation(body: { confirm_reused?: boolean | undefined; comment?: string | undefined }): ReuseConfirmation {
  if (body.confirm_reused !== true) return null;
  if (!body.comment) throw ValidationError.field('comment', translate('validation.reuse.commentMissing'));
  return { comment: body.comment };
}

export type PendingItems<View, Decision> = {
  list: (db: Db, query: PageQuery & ListQuery) => Promise<Paginated<View>>;
  get: (db: Db, id: number) => Promise<View>;
  /** The caller's own item; someone else's is a 404, never a 403. */
  getOwn: (db: Db, userId: number, id: number) => Promise<View>;
  /**
   * Approve or reject (money rule 6), in the caller's transaction: the item leaves `pending`
   * exactly once, and only the handler that moved it touches the ledger. The money move, the
   * audit entry and the notification commit together or not at all. Every approval of a
   * payment by proof, single, batch or API, passes proof-reuse's `guardProof` here (money
   * rule 11). Answers the item as it is now.
   */
  decide: (tx: Tx, actor: Actor, id: number, decision: Decision, confirmation?: ReuseConfirmation) => Promise<View>;
  /**
   * Money rule 10: the customer (`actor`) cancels their own pending item, in the caller's
   * transaction; another's is a 404, a handled one 409. It leaves `pending` once, whoever
   * comes first, a staff decision or the cancel; the hold, if any, is released with it and
   * the audit entry names the customer.
   */
  cancel: (tx: Tx, actor: Actor, id: number) => Promise<View>;
};

export function pendingItems<View extends { userId: number; status: string }, Handled, Decision, Cancelled = Handled>(
  kind: PendingKind<View, Handled, Decision, Cancelled>,
): PendingItems<View, Decision> {
  const get = async (db: Db, id: number) => {
    const view = await kind.find(db, id);
    if (!view) throw new NotFoundError();
    return view;
  };
  const decide = async (tx: Tx, actor: Actor, id: number, decision: Decision, confirmation: ReuseConfirmation = null): Promise<View> => {
    const approved = kind.isApproval(decision);
    const reason = approved ? (confirmation?.comment ?? null) : null;
    if (approved && kind.lockReference) await kind.lockReference(tx, id);
    const handled = await kind.mark(tx, id, decision, actor, reason);
    if (!handled) {
      const view = await kind.find(tx, id);
      if (!view) throw new NotFoundError();
      throw notPendingError(view.status, kind.alreadyHandled);
    }
    // After the item is marked, in the same transaction: the guard sees what committed, and
    // its 409 rolls the mark back.
    const payment = approved && kind.proof ? kind.proof(handled) : null;
    const confirmed = payment ? await guardProof(tx, payment, reason) : null;
    const settled = await kind.settle(tx, handled, decision);
    const after = confirmed ? { ...settled, reused_proof_confirmed: confirmed } : settled;
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `${kind.objectType}.${approved ? 'approve' : 'reject'}`,
      objectType: kind.objectType,
      objectId: id,
      before: { status: 'pending' },
      after,
      ip: actor.ip,
    });
    await kind.notify(tx, handled, decision);
    return get(tx, id);
  };
  const cancel = async (tx: Tx, actor: Actor, id: number): Promise<View> => {
    const { cancel: cancelling } = kind;
    if (!cancelling) throw new Error(`${kind.objectType}: no cancel`);
    const handled = await cancelling.mark(tx, id, actor.userId);
    if (!handled) {
      const view = await kind.find(tx, id);
      if (!view || view.userId !== actor.userId) throw new NotFoundError();
      throw notPendingError(view.status, kind.alreadyHandled, 'customer');
    }
    const after = await cancelling.release(tx, handled);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: `${kind.objectType}.cancel`,
      objectType: kind.objectType,
      objectId: id,
      before: { status: 'pending' },
      after: { status: 'cancelled', ...after },
      ip: actor.ip,
    });
    return get(tx, id);
  };
  return {
    get,
    decide,
    cancel,
    async getOwn(db, userId, id) {
      const view = await kind.find(db, id);
      if (!view || view.userId !== userId) throw new NotFoundError();
      return view;
    },
    async list(db, query) {
      const { items, total } = await kind.list(db, query, pageWindow(query));
      return toPage(items, total, query);
    },
  };
}
