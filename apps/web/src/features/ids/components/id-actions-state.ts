import type { RequestType, UserId } from '@iddesk/contract';

export type IdAction = 'deposit' | 'withdraw' | 'close' | 'change_password';

/** Whether an action can be asked for now, and if not, the reason shown beside it. */
export type ActionState = { enabled: true } | { enabled: false; reason: string };

const STATUS_REASON: Record<Exclude<UserId['status'], 'active'>, string> = {
  pending: 'Available once the desk approves this ID.',
  rejected: 'This ID request was rejected, so it takes no requests.',
  closed: 'This ID is closed and takes no new requests.',
};

/** Only one close and one password change may wait at a time (the server refuses a second). */
const ONE_AT_A_TIME: Partial<Record<IdAction, string>> = {
  close: 'A close request is already waiting for the desk.',
  change_password: 'A password change is already waiting for the desk.',
};

export function idActionState(
  userId: Pick<UserId, 'status' | 'pending_request_types'>,
  action: IdAction,
): ActionState {
  if (userId.status !== 'active') return { enabled: false, reason: STATUS_REASON[userId.status] };
  const waiting: RequestType[] = userId.pending_request_types ?? [];
  const reason = ONE_AT_A_TIME[action];
  if (reason && waiting.includes(action)) return { enabled: false, reason };
  return { enabled: true };
}
