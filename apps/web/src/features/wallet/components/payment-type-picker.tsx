import type { PaymentType } from '@iddesk/contract';
import { Landmark, Smartphone } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { walletText } from '../i18n';

type PaymentTypePickerProps = {
  types: PaymentType[];
  registration: UseFormRegisterReturn<'payment_type_id'>;
  error?: string;
};

/** The active payment types as radio cards. */
export function PaymentTypePicker({ types, registration, error }: PaymentTypePickerProps) {
  const t = walletText.useT();
  return (
    <fieldset aria-describedby={error ? 'payment-type-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('picker.legend')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {types.map((type) => {
          const Icon = type.kind === 'upi' ? Smartphone : Landmark;
          return (
            <label
              key={type.id}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2 transition-colors',
                'hover:border-slate-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              )}
            >
              <input type="radio" value={String(type.id)} className="sr-only" {...registration} />
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block break-words font-semibold text-slate-900">{type.name}</span>
                <span className="block text-sm text-slate-600">
                  {type.kind === 'upi' ? t('upi') : t('bankTransfer')}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="payment-type-error" className="mt-1.5 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
