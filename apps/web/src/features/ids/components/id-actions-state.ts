import type { RequestType, UserId } from '@iddesk/contract';
import type { KeyOf } from '@iddesk/contract';
import { idsText } from '../i18n';

export type IdAction = 'deposit' | 'withdraw' | 'close' | 'change_password';

/** Whether an action can be asked for now, and if not, the reason shown beside it. */
export type ActionState = { enabled: true } | { enabled: false; reason: string };

const STATUS_REASON = {
  pending: 'state.pending',
  rejected: 'state.rejected',
  closed: 'state.closed',
  cancelled: 'state.cancelled',
} as const satisfies Record<Exclude<UserId['status'], 'active'>, KeyOf<'ids'>>;

/** Only one password change may wait at a time (the server refuses a second). */
const ONE_AT_A_TIME: Partial<Record<IdAction, KeyOf<'ids'>>> = {
  change_password: 'state.passwordWaiting',
};

/** Money rule 9 (issue 17): while a close waits, the server takes no request on the ID. */
export const closingReason = () => idsText.t('state.closing');

export function idActionState(
  userId: Pick<UserId, 'status' | 'pending_request_types'>,
  action: IdAction,
): ActionState {
  if (userId.status !== 'active')
    return { enabled: false, reason: idsText.t(STATUS_REASON[userId.status]) };
  const waiting: RequestType[] = userId.pending_request_types ?? [];
  if (waiting.includes('close')) return { enabled: false, reason: closingReason() };
  const reason = ONE_AT_A_TIME[action];
  if (reason && waiting.includes(action)) return { enabled: false, reason: idsText.t(reason) };
  return { enabled: true };
}
