import { type AdminUserDetail, formatAmount } from '@iddesk/contract';
import { toUserJson } from '../users';
import type { PublicUser } from '../users';
import type { UserMoneyStats } from './repository';

export function toAdminUserDetailJson(user: PublicUser, stats: UserMoneyStats): AdminUserDetail {
  return {
    ...toUserJson(user),
    held: formatAmount(stats.held),
    pending_credit: formatAmount(stats.pendingCredit),
    pending_bills: stats.pendingBills,
    pending_withdrawals: stats.pendingWithdrawals,
    transactions_count: stats.transactionsCount,
  };
}
