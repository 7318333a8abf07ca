import { formatAmount, type KeyOf, type Locale, type MessageValues, ROUTES } from '@iddesk/contract';
import { translateIn } from '../../lib/i18n';

/**
 * The wording of every notification, in one place, as catalogue keys (`notices` namespace).
 * A notification keeps its key and values; it is written in the reader's language each time
 * it is read (`noticeText`: the list, the poll, Telegram, mail; docs/product.md#language).
 */

/** A notice's kind: `notices.<kind>.title` and `notices.<kind>.body` in the catalogue. */
export type NoticeKey = {
  [K in KeyOf<'notices'>]: K extends `${infer Kind}.title` ? `notices.${Kind}` : never;
}[KeyOf<'notices'>];

/** Kinds whose staff comment is a note on a balance change rather than a refusal's reason. */
const NOTE_KINDS: ReadonlySet<string> = new Set<NoticeKey>(['notices.balanceCredited', 'notices.balanceDebited']);

/**
 * A stored notice in `locale`: its title, and its body with the staff's comment (the `comment`
 * value, when there is one) after it. The one way a notification's text is written.
 */
export function noticeText(locale: Locale, key: NoticeKey, values: MessageValues = {}): { title: string; body: string } {
  const comment = typeof values.comment === 'string' ? values.comment.trim() : '';
  const body = translateIn(locale, `${key}.body`, values);
  const commentKey = NOTE_KINDS.has(key) ? 'notices.note' : 'notices.reason';
  return {
    title: translateIn(locale, `${key}.title`, values),
    body: comment ? `${body} ${translateIn(locale, commentKey, { comment })}` : body,
  };
}

const grouping = new Intl.NumberFormat('en-IN');

/** Minor units → "₹1,500.00" for prose: Indian grouping and Latin digits in every language. */
export function rupees(minor: bigint): string {
  const [whole = '0', frac = '00'] = formatAmount(minor < 0n ? -minor : minor).split('.');
  return `₹${grouping.format(BigInt(whole))}.${frac}`;
}

/**
 * A notification before it is written: what to say, to whom, and where it links. A staff
 * comment (a rejection's reason, a balance change's note) is the `comment` value.
 */
export type Notice = {
  userId: number;
  key: NoticeKey;
  values?: MessageValues;
  link: string | null;
};

/** The staff's comment as a value, when there is one. */
const withComment = (comment: string | null | undefined): MessageValues => (comment?.trim() ? { comment: comment.trim() } : {});

type Money = { userId: number; amount: bigint };

export const billApproved = (bill: Money & { id: number }): Notice => ({
  userId: bill.userId,
  key: 'notices.billApproved',
  values: { amount: rupees(bill.amount), id: bill.id },
  link: ROUTES.transactions,
});

export const billRejected = (bill: Money & { id: number; comment: string | null }): Notice => ({
  userId: bill.userId,
  key: 'notices.billRejected',
  values: { amount: rupees(bill.amount), id: bill.id, ...withComment(bill.comment) },
  link: ROUTES.transactions,
});

export const withdrawalApproved = (w: Money & { id: number }): Notice => ({
  userId: w.userId,
  key: 'notices.withdrawalApproved',
  values: { amount: rupees(w.amount), id: w.id },
  link: ROUTES.transactions,
});

export const withdrawalRejected = (w: Money & { id: number; comment: string | null }): Notice => ({
  userId: w.userId,
  key: 'notices.withdrawalRejected',
  values: { amount: rupees(w.amount), id: w.id, ...withComment(w.comment) },
  link: ROUTES.transactions,
});

export const balanceChanged = (
  change: Money & { direction: 'deposit' | 'withdraw'; comment: string },
): Notice => {
  const credited = change.direction === 'deposit';
  return {
    userId: change.userId,
    key: credited ? 'notices.balanceCredited' : 'notices.balanceDebited',
    values: { amount: rupees(change.amount), ...withComment(change.comment) },
    link: ROUTES.transactions,
  };
};

export const accountUnblocked = (userId: number): Notice => ({
  userId,
  key: 'notices.unblocked',
  link: ROUTES.profile,
});

/**
 * Repeated wrong second-factor codes after a right password (issue 51 finding 6): told to the
 * account's holder, and for a staff account to every owner, by the second-factor CodeAttempts.
 */
export const wrongCodes = (alert: { userId: number; count: number; ip: string }): Notice => ({
  userId: alert.userId,
  key: 'notices.wrongCodes',
  values: { count: alert.count, ip: alert.ip },
  link: ROUTES.profile,
});

export const wrongCodesForStaff = (
  alert: { ownerId: number; count: number; ip: string; name: string; email: string },
): Notice => ({
  userId: alert.ownerId,
  key: 'notices.wrongCodesStaff',
  values: { count: alert.count, ip: alert.ip, name: alert.name, email: alert.email },
  link: ROUTES.adminStaff,
});

type IdRef = { userId: number; userIdId: number; name: string };

export const idApproved = (id: IdRef): Notice => ({
  userId: id.userId,
  key: 'notices.idApproved',
  values: { name: id.name },
  link: ROUTES.myId(id.userIdId),
});

export const idRejected = (id: IdRef & { comment: string | null }): Notice => ({
  userId: id.userId,
  key: 'notices.idRejected',
  values: { name: id.name, ...withComment(id.comment) },
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
  key: request.approved ? 'notices.request.approved' : 'notices.request.rejected',
  values: {
    type: request.type,
    amount: request.amount !== null && request.amount > 0n ? rupees(request.amount) : 'none',
    name: request.name,
    id: request.requestId,
    ...(request.approved ? {} : withComment(request.comment)),
  },
  link: ROUTES.myId(request.userIdId),
});
