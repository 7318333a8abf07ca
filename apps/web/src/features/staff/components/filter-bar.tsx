import { DeskFilterSchema, type SortOrder } from '@iddesk/contract';
import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { DAY_FIELD } from '../../../lib/day-input';
import { usePaymentTypes } from '../../wallet';
import { daysForInput, daysFromInput } from '../lib/day-filters';
import { FilterPanel } from './filter-panel';
import {
  FILTER_KEYS,
  type DeskList,
  type FilterKey,
  type FilterValues,
} from '../hooks/use-desk-list';
import { staffText } from '../i18n';

type FilterBarProps = {
  list: DeskList;
  /** Names the search landmark: "Filter bills". */
  label: string;
  /** Which filters the list takes; the customer is left out on one user's ledger. */
  customer?: boolean;
  paymentType?: boolean;
  /** What `reference` searches in this list. */
  referenceLabel?: string;
  /** Offer the order (the queues: oldest first by default). */
  sortDefault?: SortOrder;
};

type Errors = Partial<Record<FilterKey, string>>;

/** The contract's filter schema on the typed values: the first message of each bad field. */
function check(values: FilterValues): Errors {
  const result = DeskFilterSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as FilterKey;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The one filter bar of every staff list (issue 16): customer, amount range, reference,
 * payment type and days, checked with the contract's schema and applied to the URL, which
 * sends the list back to page 1. It folds away behind a "Filters (n)" button at every width,
 * the order beside it (issue 56).
 */
export function FilterBar({
  list,
  label,
  customer = true,
  paymentType = false,
  referenceLabel,
  sortDefault,
}: FilterBarProps) {
  const t = staffText.useT();
  const [draft, setDraft] = useState<FilterValues>(() => daysForInput(list.filter));
  const [errors, setErrors] = useState<Errors>({});
  const types = usePaymentTypes();
  const applied = Object.keys(list.filter).length;

  const field = (key: FilterKey) => ({
    value: draft[key] ?? '',
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const days = daysFromInput(draft);
    const found = { ...check(days.values), ...days.errors };
    setErrors(found);
    if (Object.keys(found).length === 0) list.applyFilter(days.values);
  };
  const clear = () => {
    setDraft({});
    setErrors({});
    list.applyFilter({});
  };

  const sort = sortDefault ? (
    <SelectField
      label={t('filter.order')}
      value={list.sort ?? sortDefault}
      onChange={(event) => {
        const next = event.target.value as SortOrder;
        list.setSort(next === sortDefault ? undefined : next);
      }}
      className="w-44"
    >
      <option value="oldest">{t('filter.oldest')}</option>
      <option value="newest">{t('filter.newest')}</option>
    </SelectField>
  ) : null;

  return (
    <FilterPanel label={label} applied={applied} side={sort} onSubmit={onSubmit}>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {customer ? (
          <TextField
            label={t('filter.customer')}
            type="search"
            placeholder={t('filter.customerPlaceholder')}
            maxLength={100}
            className="col-span-2"
            {...field('customer')}
          />
        ) : null}
        <TextField
          label={referenceLabel ?? t('filter.reference')}
          type="search"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          className="col-span-2"
          {...field('reference')}
        />
        <TextField label={t('filter.amountFrom')} {...INPUT.amount} {...field('amount_min')} />
        <TextField label={t('filter.amountTo')} {...INPUT.amount} {...field('amount_max')} />
        <TextField label={t('filter.fromDay')} {...DAY_FIELD} {...field('from')} />
        <TextField label={t('filter.toDay')} {...DAY_FIELD} {...field('to')} />
        {paymentType ? (
          <SelectField
            label={t('filter.paymentType')}
            className="col-span-2"
            value={draft.payment_type_id ?? ''}
            onChange={field('payment_type_id').onChange}
          >
            <option value="">{t('filter.anyPaymentType')}</option>
            {(types.data ?? []).map((type) => (
              <option key={type.id} value={String(type.id)}>
                {type.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" icon={<Filter className="size-4" aria-hidden="true" />}>
          {t('filter.apply')}
        </Button>
        {applied > 0 || FILTER_KEYS.some((k) => draft[k]) ? (
          <Button variant="ghost" onClick={clear} icon={<X className="size-4" aria-hidden="true" />}>
            {t('filter.clear')}
          </Button>
        ) : null}
      </div>
    </FilterPanel>
  );
}
