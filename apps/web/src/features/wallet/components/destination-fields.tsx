import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { FormSegmented } from '../../../components/ui/app-form';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { walletText } from '../i18n';
import type { DestinationField } from './destination';

/** Examples of the fields' shape, the same in every language. */
const UPI_EXAMPLE = 'name@bank';
const IFSC_EXAMPLE = 'SBIN0001234';

type DestinationFieldsProps = {
  /** The form's field that holds 'upi' or 'bank'. */
  name: string;
  legend: string;
  bankLabel: string;
  holderLabel: string;
  /** The admin's payment type also names the bank. */
  bankName?: boolean;
};

/**
 * UPI or bank details (lib/destination.ts) of the surrounding form: the kind, then only that
 * kind's fields. Both sets keep their values while the user switches.
 */
export function DestinationFields({
  name,
  legend,
  bankLabel,
  holderLabel,
  bankName,
}: DestinationFieldsProps) {
  const t = walletText.useT();
  const { register, control, formState } = useFormContext<FieldValues>();
  const kind = useWatch({ control, name }) as string;
  const field = (key: DestinationField | 'bank_name') => ({
    ...register(key),
    error: formState.errors[key]?.message as string | undefined,
  });
  return (
    <>
      <FormSegmented
        name={name}
        legend={legend}
        options={[
          { value: 'upi', label: t('upi') },
          { value: 'bank', label: bankLabel },
        ]}
      />
      {kind === 'upi' ? (
        <TextField
          key="upi"
          label={t('upiId')}
          placeholder={UPI_EXAMPLE}
          {...INPUT.code}
          {...field('upi_id')}
        />
      ) : (
        <div
          key="bank"
          className={bankName ? 'grid grid-cols-1 gap-5 sm:grid-cols-2' : 'flex flex-col gap-5'}
        >
          <TextField
            label={holderLabel}
            autoComplete={bankName ? 'off' : 'name'}
            className={bankName ? 'sm:col-span-2' : undefined}
            {...field('account_holder')}
          />
          <TextField
            label={t('destination.accountNumber')}
            inputMode="numeric"
            {...INPUT.code}
            {...field('account_number')}
          />
          <TextField
            label={t('destination.ifsc')}
            placeholder={IFSC_EXAMPLE}
            {...INPUT.reference}
            {...field('ifsc')}
          />
          {bankName ? (
            <TextField
              label={t('destination.bankName')}
              className="sm:col-span-2"
              hint={t('destination.bankNameHint')}
              {...field('bank_name')}
            />
          ) : null}
        </div>
      )}
    </>
  );
}
