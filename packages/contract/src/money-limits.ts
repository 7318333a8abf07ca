import { z } from 'zod';
import { translate } from './i18n/translate';
import { AmountInputSchema, AmountSchema } from './money';
import { MONEY_OPERATIONS, type MoneyLimits, type MoneyOperation } from './money-limits-values';

const RangeSchema = z.object({ min: AmountSchema, max: AmountSchema });

/** The owners' money limits on the wire (public: the customers' forms show them). */
export const MoneyLimitsSchema = z.object({
  add_funds: RangeSchema,
  withdraw: RangeSchema,
  id_create: RangeSchema,
  id_deposit: RangeSchema,
  id_withdraw: RangeSchema,
  daily_payout: AmountSchema,
}) satisfies z.ZodType<MoneyLimits>;

const RangeBodySchema = z.strictObject({ min: AmountInputSchema, max: AmountInputSchema });


/** `money_limits` in `POST /admin/settings`: every range, each minimum at most its maximum. */
export const MoneyLimitsBodySchema = z
  .strictObject({
    add_funds: RangeBodySchema,
    withdraw: RangeBodySchema,
    id_create: RangeBodySchema,
    id_deposit: RangeBodySchema,
    id_withdraw: RangeBodySchema,
    daily_payout: AmountInputSchema,
  })
  .superRefine(
    (v, ctx) => {
      for (const operation of MONEY_OPERATIONS satisfies readonly MoneyOperation[]) {
        const range = v[operation];
        if (range.max < range.min) ctx.addIssue({ code: 'custom', path: [operation, 'max'], message: translate('validation.limits.maxBelowMin') });
      }
      if (v.daily_payout < v.withdraw.min) {
        ctx.addIssue({ code: 'custom', path: ['daily_payout'], message: translate('validation.limits.dailyBelowMin') });
      }
    },
    // Only when every amount read: a bad one already has its own message.
    { when: (p) => p.issues.length === 0 },
  );
export type MoneyLimitsBody = z.input<typeof MoneyLimitsBodySchema>;
export type MoneyLimitsInput = z.output<typeof MoneyLimitsBodySchema>;
