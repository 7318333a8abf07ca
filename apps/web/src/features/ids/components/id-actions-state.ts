import type { RequestType, UserId } from '@iddesk/contract';

export type IdAction = 'deposit' | 'withdraw' | 'close' | 'change_password';

/** Whether an action can be asked for now, and if not, the reason shown beside it. */
export type ActionState = { enabled: true } | { enabled: false; reason: string };

const STATUS_REASON: Record<Exclude<UserId['status'], 'active'>, string> = {
  pending: 'Available once the desk approves this ID.',
  rejected: 'This ID request was rejected, so it takes no requests.',
  closed: 'This ID is closed and takes no new requests.',
  cancelled: 'You cancelled this ID request, so it takes no requests.',
};

/** Only one password change may wait at a time (the server refuses a second). */
const ONE_AT_A_TIME: Partial<Record<IdAction, string>> = {
  change_password: 'A password change is already waiting for the desk.',
};

/** Money rule 9 (issue 17): while a close waits, the server takes no request on the ID. */
export const CLOSING_REASON =
  'Actions are paused: your request to close this ID is waiting for the desk. Cancel it in the request history below to use the ID again.';

export function idActionState(
  userId: Pick<UserId, 'status' | 'pending_request_types'>,
  action: IdAction,
): ActionState {
  if (userId.status !== 'active') return { enabled: false, reason: STATUS_REASON[userId.status] };
  const waiting: RequestType[] = userId.pending_request_types ?? [];
  if (waiting.includes('close')) return { enabled: false, reason: CLOSING_REASON };
  const reason = ONE_AT_A_TIME[action];
  if (reason && waiting.includes(action)) return { enabled: false, reason };
  return { enabled: true };
}
