import type { RequestType } from '@iddesk/contract';

/** Request types as the customer and the desk read them. */
export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  create: 'New ID',
  deposit: 'Deposit',
  withdraw: 'Withdrawal',
  close: 'Close',
  change_password: 'Password change',
};
