import {
  DEFAULT_MONEY_LIMITS,
  limitProblem,
  type MoneyLimits,
  type MoneyOperation,
  MoneyLimitsSchema,
} from '@iddesk/contract';
import type { Db } from '../../db/types';
import { publicCacheOf } from '../../caches/public-answers';
import { ValidationError } from '../../errors/app-errors';
import { SETTING } from './keys';
import { getSetting, putSetting } from './repository';

/** The stored limits over the defaults: a range the row lacks (or cannot read) is the default. */
function readLimits(stored: string | null): MoneyLimits {
  if (stored === null) return DEFAULT_MONEY_LIMITS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return DEFAULT_MONEY_LIMITS;
  }
  const result = MoneyLimitsSchema.safeParse({ ...DEFAULT_MONEY_LIMITS, ...(parsed as object) });
  return result.success ? result.data : DEFAULT_MONEY_LIMITS;
}

/** The money limits in force (rule 8): the owners' or the defaults. */
export async function getMoneyLimits(db: Db): Promise<MoneyLimits> {
  return readLimits(await getSetting(db, SETTING.moneyLimits));
}

/**
 * The same, from this process's memory until the settings change (caches/public-answers.ts, which
 * the settings triggers empty on every server): the money calls read them before their
 * transaction, not inside it. `db` is the app's database, never a transaction.
 */
export function cachedMoneyLimits(db: Db): Promise<MoneyLimits> {
  return publicCacheOf(db).value('money-limits', ['settings'], () => getMoneyLimits(db));
}

export async function putMoneyLimits(db: Db, limits: MoneyLimits): Promise<void> {
  await putSetting(db, SETTING.moneyLimits, JSON.stringify(limits));
}

/**
 * Money rule 8: an amount outside the operation's limits is 422 on `amount`, naming the limit,
 * before anything is written. `limits` when the caller has them already.
 */
export async function assertWithinLimits(
  db: Db,
  operation: MoneyOperation,
  amount: bigint,
  limits?: MoneyLimits,
): Promise<void> {
  const problem = limitProblem(limits ?? (await getMoneyLimits(db)), operation, amount);
  if (problem) throw ValidationError.field('amount', problem);
}
