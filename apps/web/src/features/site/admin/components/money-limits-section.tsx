import { MONEY_OPERATIONS, type MoneyOperation } from '@iddesk/contract';
import { Card } from '../../../../components/ui/card';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import type { AppForm } from '../../../../lib/use-app-form';
import { contentStaff } from '../../../staff';
import type { AdminSettingsFormSchema } from './admin-settings-schema';

/** Every limit field, as the 422s of `POST /admin/settings` name them. */
export const MONEY_LIMIT_FIELDS = [
  ...MONEY_OPERATIONS.flatMap((op) => [`money_limits.${op}.min`, `money_limits.${op}.max`] as const),
  'money_limits.daily_payout',
] as const;

const limitFields = (op: MoneyOperation) =>
  ({ min: `money_limits.${op}.min`, max: `money_limits.${op}.max` }) as const;

type Field = AppForm<typeof AdminSettingsFormSchema>['field'];

/**
 * The owners' money limits (issue 17): per customer operation the least and the most one call
 * may be, and the most a customer may withdraw from the wallet in a day. Customers see them
 * in each form before they type; the server refuses anything outside them.
 */
export function MoneyLimitsSection({ field }: { field: Field }) {
  const t = contentStaff.useT();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('limits.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('limits.hint')}</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {MONEY_OPERATIONS.flatMap((op) => [
          <TextField
            key={`${op}.min`}
            label={t('limits.minimum', { operation: op })}
            {...INPUT.amount}
            {...field(limitFields(op).min)}
          />,
          <TextField
            key={`${op}.max`}
            label={t('limits.maximum', { operation: op })}
            {...INPUT.amount}
            {...field(limitFields(op).max)}
          />,
        ])}
        <TextField
          label={t('limits.daily')}
          hint={t('limits.dailyHint')}
          {...INPUT.amount}
          {...field('money_limits.daily_payout')}
        />
      </div>
    </Card>
  );
}
