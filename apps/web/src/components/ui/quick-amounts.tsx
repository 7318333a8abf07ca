import { groupIndian } from '@iddesk/contract';
import { type FieldValues, useFormContext, useWatch } from 'react-hook-form';
import { CURRENCY_SYMBOL } from '../../lib/site-config';
import { amountMinor } from '../../lib/amount';

/** Whole rupees people top up and deposit most, in minor units. */
const LADDER = [500n, 1000n, 2000n, 5000n, 10_000n, 20_000n, 50_000n, 1_00_000n].map((rupees) => rupees * 100n);

/** At most this many chips: one row of four columns on a phone. */
const MOST = 4;

/**
 * The quick amounts for a range (minor units, either end unknown: null): the usual ones the
 * range allows, at most four; when none of them fits, its least and its most. Whole rupees, as
 * the amount field takes them ("500").
 */
export function quickAmounts(min: bigint | null, max: bigint | null): string[] {
  const fits = (amount: bigint) => (min === null || amount >= min) && (max === null || amount <= max);
  const usual = LADDER.filter(fits).slice(0, MOST);
  const picked = usual.length > 0 ? usual : [min, max].filter((v): v is bigint => v !== null && v > 0n);
  return [...new Set(picked.map((minor) => (minor % 100n === 0n ? String(minor / 100n) : `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`)))];
}

type QuickAmountsProps = {
  /** Names the group: "Quick amounts". */
  label: string;
  /** The operation's least and most, wire amounts ("100.00"); undefined while they load. */
  min?: string | undefined;
  max?: string | undefined;
};

/**
 * Chips under a money form's amount (issue 56), inside its AppForm: each fills the `amount`
 * field with a usual amount the owner's limits allow (and checks it, as typing would); the
 * field stays the one place the amount is typed, checked and confirmed.
 */
export function QuickAmounts({ label, min, max }: QuickAmountsProps) {
  const { control, setValue } = useFormContext<FieldValues>();
  const value = useWatch({ control, name: 'amount' }) as string | undefined;
  const onPick = (amount: string) => setValue('amount', amount, { shouldDirty: true, shouldValidate: true });
  const amounts = quickAmounts(amountMinor(min), amountMinor(max));
  if (amounts.length === 0) return null;
  const current = amountMinor(value ?? '');
  return (
    <div role="group" aria-label={label} className="-mt-2 grid grid-cols-4 gap-2 sm:flex sm:flex-wrap">
      {amounts.map((amount) => {
        const chosen = current !== null && current === amountMinor(amount);
        return (
          <button
            key={amount}
            type="button"
            aria-pressed={chosen}
            onClick={() => onPick(amount)}
            className={
              'min-h-11 rounded-full border px-2 text-sm whitespace-nowrap sm:px-4 font-semibold tabular-nums transition-colors ' +
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 ' +
              (chosen
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-400 hover:bg-brand-50')
            }
          >
            {CURRENCY_SYMBOL}
            {groupIndian(amount.split('.')[0]!)}
            {amount.includes('.') ? `.${amount.split('.')[1]}` : ''}
          </button>
        );
      })}
    </div>
  );
}
