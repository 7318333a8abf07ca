import { formatAmount, ROUTES } from '@iddesk/contract';
import type { NewNotification } from './repository';

/**
 * The wording of every notification, in one place. Each returns what `notify` writes for
 * the customer the object belongs to.
 */

const grouping = new Intl.NumberFormat('en-IN');

/** Minor units → "₹1,500.00" for prose. */
export function rupees(minor: bigint): string {
  const [whole = '0', frac = '00'] = formatAmount(minor < 0n ? -minor : minor).split('.');
  return `₹${grouping.format(BigInt(whole))}.${frac}`;
}

const reason = (comment: string | null | undefined) =>
  comment?.trim() ? ` Reason: ${comment.trim()}` : '';

type Money = { userId: number; amount: bigint };

export const billApproved = (bill: Money & { id: number }): NewNotification => ({
  userId: bill.userId,
  title: 'Funds added',
  body: `Your top-up of ${rupees(bill.amount)} (bill #${bill.id}) was approved and is now in your balance.`,
  link: ROUTES.transactions,
});

export const billRejected = (
  bill: Money & { id: number; comment: string | null },
): NewNotification => ({
  userId: bill.userId,
  title: 'Top-up rejected',
  body: `Your top-up of ${rupees(bill.amount)} (bill #${bill.id}) was rejected.${reason(bill.comment)}`,
  link: ROUTES.transactions,
});

export const withdrawalApproved = (w: Money & { id: number }): NewNotification => ({
  userId: w.userId,
  title: 'Withdrawal paid',
  body: `Your withdrawal of ${rupees(w.amount)} (#${w.id}) has been paid out.`,
  link: ROUTES.transactions,
});

export const withdrawalRejected = (
  w: Money & { id: number; comment: string | null },
): NewNotification => ({
  userId: w.userId,
  title: 'Withdrawal rejected',
  body: `Your withdrawal of ${rupees(w.amount)} (#${w.id}) was rejected and the amount is back in your balance.${reason(w.comment)}`,
  link: ROUTES.transactions,
});

export const balanceChanged = (
  change: Money & { direction: 'deposit' | 'withdraw'; comment: string },
): NewNotification =>
  change.direction === 'deposit'
    ? {
        userId: change.userId,
        title: 'Balance credited',
        body: `Our desk added ${rupees(change.amount)} to your balance.${note(change.comment)}`,
        link: ROUTES.transactions,
      }
    : {
        userId: change.userId,
        title: 'Balance debited',
        body: `Our desk took ${rupees(change.amount)} from your balance.${note(change.comment)}`,
        link: ROUTES.transactions,
      };

const note = (comment: string) => (comment.trim() ? ` Note: ${comment.trim()}` : '');

export const accountUnblocked = (userId: number): NewNotification => ({
  userId,
  title: 'Account unblocked',
  body: 'Your account is active again. Welcome back!',
  link: ROUTES.profile,
});

type IdRef = { userId: number; userIdId: number; name: string };

export const idApproved = (id: IdRef): NewNotification => ({
  userId: id.userId,
  title: 'Your ID is ready',
  body: `Your ${id.name} ID was approved. Open it to see the login and password.`,
  link: ROUTES.myId(id.userIdId),
});

export const idRejected = (id: IdRef & { comment: string | null }): NewNotification => ({
  userId: id.userId,
  title: 'ID request rejected',
  body: `Your request for a ${id.name} ID was rejected.${reason(id.comment)}`,
  link: ROUTES.myId(id.userIdId),
});

const REQUEST_LABELS = {
  deposit: 'deposit',
  withdraw: 'withdrawal',
  close: 'request to close the ID',
  change_password: 'password change',
} as const;

export const requestHandled = (
  request: IdRef & {
    requestId: number;
    type: keyof typeof REQUEST_LABELS;
    approved: boolean;
    amount: bigint | null;
    comment: string | null;
  },
): NewNotification => {
  const what = REQUEST_LABELS[request.type];
  const money =
    request.amount !== null && request.amount > 0n ? ` of ${rupees(request.amount)}` : '';
  return {
    userId: request.userId,
    title: request.approved ? 'Request approved' : 'Request rejected',
    body: request.approved
      ? `Your ${what}${money} on ${request.name} (request #${request.requestId}) was approved.`
      : `Your ${what}${money} on ${request.name} (request #${request.requestId}) was rejected.${reason(request.comment)}`,
    link: ROUTES.myId(request.userIdId),
  };
};
