import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { FormSegmented } from '../../../components/ui/app-form';
import { INPUT, TextField } from '../../../components/ui/text-field';

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
  const { register, control, formState } = useFormContext<FieldValues>();
  const kind = useWatch({ control, name }) as string;
  const field = (key: string) => ({
    ...register(key),
    error: formState.errors[key]?.message as string | undefined,
  });
  return (
    <>
      <FormSegmented
        name={name}
        legend={legend}
        options={[
          { value: 'upi', label: 'UPI' },
          { value: 'bank', label: bankLabel },
        ]}
      />
      {kind === 'upi' ? (
        <TextField
          key="upi"
          label="UPI ID"
          placeholder="name@bank"
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
            label="Account number"
            inputMode="numeric"
            {...INPUT.code}
            {...field('account_number')}
          />
          <TextField
            label="IFSC code"
            placeholder="SBIN0001234"
            {...INPUT.reference}
            {...field('ifsc')}
          />
          {bankName ? (
            <TextField
              label="Bank name"
              className="sm:col-span-2"
              hint="Optional, with the branch if it helps."
              {...field('bank_name')}
            />
          ) : null}
        </div>
      )}
    </>
  );
}
