import { type AdminUserDetail, formatAmount } from '@iddesk/contract';
import type { UserMoneyStats } from './admin-repository';
import { toUserJson } from './serialize';
import type { PublicUser } from './types';

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
