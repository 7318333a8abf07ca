import { formatAmount, type MessageKey, type MessageValues, ROUTES } from '@iddesk/contract';

/**
 * The wording of every notification, in one place, as catalogue keys (`notices` namespace):
 * `notify` writes each in its recipient's language when it is created (issue 18).
 */

const grouping = new Intl.NumberFormat('en-IN');

/** Minor units → "₹1,500.00" for prose: Indian grouping and Latin digits in every language. */
export function rupees(minor: bigint): string {
  const [whole = '0', frac = '00'] = formatAmount(minor < 0n ? -minor : minor).split('.');
  return `₹${grouping.format(BigInt(whole))}.${frac}`;
}

/** A notification before it is written: what to say, to whom, and where it links. */
export type Notice = {
  userId: number;
  title: MessageKey;
  body: MessageKey;
  values?: MessageValues;
  /** The staff's comment, after the body: a rejection's reason or a balance change's note. */
  comment?: { key: 'notices.reason' | 'notices.note'; text: string | null | undefined };
  link: string | null;
};

const reason = (comment: string | null | undefined): Notice['comment'] => ({ key: 'notices.reason', text: comment });

type Money = { userId: number; amount: bigint };

export const billApproved = (bill: Money & { id: number }): Notice => ({
  userId: bill.userId,
  title: 'notices.billApproved.title',
  body: 'notices.billApproved.body',
  values: { amount: rupees(bill.amount), id: bill.id },
  link: ROUTES.transactions,
});

export const billRejected = (bill: Money & { id: number; comment: string | null }): Notice => ({
  userId: bill.userId,
  title: 'notices.billRejected.title',
  body: 'notices.billRejected.body',
  values: { amount: rupees(bill.amount), id: bill.id },
  comment: reason(bill.comment),
  link: ROUTES.transactions,
});

export const withdrawalApproved = (w: Money & { id: number }): Notice => ({
  userId: w.userId,
  title: 'notices.withdrawalApproved.title',
  body: 'notices.withdrawalApproved.body',
  values: { amount: rupees(w.amount), id: w.id },
  link: ROUTES.transactions,
});

export const withdrawalRejected = (w: Money & { id: number; comment: string | null }): Notice => ({
  userId: w.userId,
  title: 'notices.withdrawalRejected.title',
  body: 'notices.withdrawalRejected.body',
  values: { amount: rupees(w.amount), id: w.id },
  comment: reason(w.comment),
  link: ROUTES.transactions,
});

export const balanceChanged = (
  change: Money & { direction: 'deposit' | 'withdraw'; comment: string },
): Notice => {
  const credited = change.direction === 'deposit';
  return {
    userId: change.userId,
    title: credited ? 'notices.balanceCredited.title' : 'notices.balanceDebited.title',
    body: credited ? 'notices.balanceCredited.body' : 'notices.balanceDebited.body',
    values: { amount: rupees(change.amount) },
    comment: { key: 'notices.note', text: change.comment },
    link: ROUTES.transactions,
  };
};

export const accountUnblocked = (userId: number): Notice => ({
  userId,
  title: 'notices.unblocked.title',
  body: 'notices.unblocked.body',
  link: ROUTES.profile,
});

/**
 * Repeated wrong second-factor codes after a right password (issue 51 finding 6): told to the
 * account's holder, and for a staff account to every owner, by the second-factor CodeAttempts.
 */
export const wrongCodes = (alert: { userId: number; count: number; ip: string }): Notice => ({
  userId: alert.userId,
  title: 'notices.wrongCodes.title',
  body: 'notices.wrongCodes.body',
  values: { count: alert.count, ip: alert.ip },
  link: ROUTES.profile,
});

export const wrongCodesForStaff = (
  alert: { ownerId: number; count: number; ip: string; name: string; email: string },
): Notice => ({
  userId: alert.ownerId,
  title: 'notices.wrongCodesStaff.title',
  body: 'notices.wrongCodesStaff.body',
  values: { count: alert.count, ip: alert.ip, name: alert.name, email: alert.email },
  link: ROUTES.adminStaff,
});

type IdRef = { userId: number; userIdId: number; name: string };

export const idApproved = (id: IdRef): Notice => ({
  userId: id.userId,
  title: 'notices.idApproved.title',
  body: 'notices.idApproved.body',
  values: { name: id.name },
  link: ROUTES.myId(id.userIdId),
});

export const idRejected = (id: IdRef & { comment: string | null }): Notice => ({
  userId: id.userId,
  title: 'notices.idRejected.title',
  body: 'notices.idRejected.body',
  values: { name: id.name },
  comment: reason(id.comment),
  link: ROUTES.myId(id.userIdId),
});

export const requestHandled = (
  request: IdRef & {
    requestId: number;
    type: 'deposit' | 'withdraw' | 'close' | 'change_password';
    approved: boolean;
    amount: bigint | null;
    comment: string | null;
  },
): Notice => ({
  userId: request.userId,
  title: request.approved ? 'notices.request.approved.title' : 'notices.request.rejected.title',
  body: request.approved ? 'notices.request.approved.body' : 'notices.request.rejected.body',
  values: {
    type: request.type,
    amount: request.amount !== null && request.amount > 0n ? rupees(request.amount) : 'none',
    name: request.name,
    id: request.requestId,
  },
  ...(request.approved ? {} : { comment: reason(request.comment) }),
  link: ROUTES.myId(request.userIdId),
});
