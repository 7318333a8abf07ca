import { type AdminUsersFilterSchema, type BalanceChangeBodySchema, formatAmount, type PageQuery, ROUTES } from '@iddesk/contract';
import type { z } from 'zod';
import type { TransactionRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import { pageWindow, toPage } from '../../lib/pagination';
import type { Actor } from '../audit';
import { writeAudit } from '../audit';
import { endSessions } from '../auth';
import { credit, debit } from '../ledger';
import { accountUnblocked, balanceChanged } from '../notifications';
import { notify } from '../notifications';
import { findUser, findUserForUpdate, listUsers, userMoneyStats } from './admin-repository';
import { toAdminUserDetailJson } from './admin-serialize';
import { setUserBlocked } from './repository';
import type { PublicUser } from './types';

type Filter = z.output<typeof AdminUsersFilterSchema>;
type BalanceChange = z.output<typeof BalanceChangeBodySchema>;

export async function searchUsers(db: Db, filter: Filter, query: PageQuery) {
  const { items, total } = await listUsers(db, filter, pageWindow(query));
  return toPage(items, total, query);
}

export async function getUserDetail(db: Db, id: number) {
  const user = await findUser(db, id);
  if (!user) throw new NotFoundError();
  return toAdminUserDetailJson(user, await userMoneyStats(db, id));
}

export async function requireUserExists(db: Db, id: number): Promise<PublicUser> {
  const user = await findUser(db, id);
  if (!user) throw new NotFoundError();
  return user;
}

/**
 * Block or unblock a customer. A block ends every session of the account for good (issue 15
 * finding 3): unblocking later does not bring an old token back; the owner signs in again.
 * A staff account (the caller's own among them) is neither blocked nor unblocked here: its
 * state changes only through staff management, an owner's `/admin/staff` (issue 51 finding 5:
 * support, who may block customers, could otherwise bring back a cashier an owner disabled).
 */
export async function setBlocked(db: Db, actor: Actor, id: number, isBlocked: boolean) {
  await db.transaction(async (tx) => {
    const before = await findUserForUpdate(tx, id);
    if (!before) throw new NotFoundError();
    if (before.type === 'admin') throw new ConflictError('STAFF_ACCOUNT', t('api.users.staffAccount', { path: ROUTES.adminStaff }));
    await setUserBlocked(tx, id, isBlocked);
    if (isBlocked) await endSessions(tx, id, { blocked: true });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: isBlocked ? 'user.block' : 'user.unblock',
      objectType: 'user',
      objectId: id,
      before: { is_blocked: before.isBlocked },
      after: { is_blocked: isBlocked },
      ip: actor.ip,
    });
    // Only a real change tells the user: unblocking an active account is not news.
    if (!isBlocked && before.isBlocked) await notify(tx, accountUnblocked(id));
  });
  return getUserDetail(db, id);
}

/**
 * Money rule 7: a manual deposit or withdrawal is one done ledger row plus an audit entry,
 * in one transaction. A withdrawal never overdraws (409 INSUFFICIENT_BALANCE).
 */
export async function changeBalance(
  tx: Tx,
  actor: Actor,
  direction: 'deposit' | 'withdraw',
  input: BalanceChange,
): Promise<TransactionRow> {
  if (!(await findUser(tx, input.user_id))) throw ValidationError.field('user_id', t('api.users.unknown'));
  const movement = {
    userId: input.user_id,
    amount: input.amount,
    cause: { type: 'manual' as const, id: null },
  };
  const row =
    direction === 'deposit'
      ? await credit(tx, { ...movement, kind: 'admin_deposit', description: { key: 'api.ledger.entry.adminDeposit', values: { comment: input.comment } } })
      : await debit(tx, { ...movement, kind: 'admin_withdrawal', description: { key: 'api.ledger.entry.adminWithdrawal', values: { comment: input.comment } } });
  await writeAudit(tx, {
    actorId: actor.userId,
    action: direction === 'deposit' ? 'balance.deposit' : 'balance.withdraw',
    objectType: 'user',
    objectId: input.user_id,
    before: { balance: formatAmount(row.balanceAfter! - row.amount) },
    after: { balance: formatAmount(row.balanceAfter!), amount: formatAmount(row.amount), comment: input.comment, transaction_id: row.id },
    ip: actor.ip,
  });
  await notify(
    tx,
    balanceChanged({ userId: input.user_id, amount: row.amount, direction, comment: input.comment }),
  );
  return row;
}
