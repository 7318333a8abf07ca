import { MONEY_OPERATION_LABELS, MONEY_OPERATIONS } from '@iddesk/contract';
import { Card } from '../../../../components/ui/card';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import type { AppForm } from '../../../../lib/use-app-form';
import type { AdminSettingsFormSchema } from './admin-settings-schema';

/** Every limit field, as the 422s of `POST /admin/settings` name them. */
export const MONEY_LIMIT_FIELDS = [
  ...MONEY_OPERATIONS.flatMap((op) => [`money_limits.${op}.min`, `money_limits.${op}.max`] as const),
  'money_limits.daily_payout',
] as const;

type Field = AppForm<typeof AdminSettingsFormSchema>['field'];

/**
 * The owners' money limits (issue 17): per customer operation the least and the most one call
 * may be, and the most a customer may withdraw from the wallet in a day. Customers see them
 * in each form before they type; the server refuses anything outside them.
 */
export function MoneyLimitsSection({ field }: { field: Field }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Money limits</h2>
      <p className="mt-1 text-sm text-slate-600">
        Customers see these in every money form, and the server refuses amounts outside them. A
        catalogue item’s own minimum still applies to new IDs and deposits. Staff balance changes
        are not limited.
      </p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {MONEY_OPERATIONS.flatMap((op) => [
          <TextField
            key={`${op}.min`}
            label={`${MONEY_OPERATION_LABELS[op]}: minimum`}
            {...INPUT.amount}
            {...field(`money_limits.${op}.min`)}
          />,
          <TextField
            key={`${op}.max`}
            label={`${MONEY_OPERATION_LABELS[op]}: maximum`}
            {...INPUT.amount}
            {...field(`money_limits.${op}.max`)}
          />,
        ])}
        <TextField
          label="Daily payout total per customer"
          hint="Wallet withdrawals of one customer in one day (waiting and paid), in the site’s time zone."
          {...INPUT.amount}
          {...field('money_limits.daily_payout')}
        />
      </div>
    </Card>
  );
}
