import { TransactionKindSchema, type TransactionKind, WALLET_API } from '@iddesk/contract';
import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DownloadButton } from '../../../components/ui/download-button';
import { FilterPanel } from '../../../components/ui/filter-panel';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { DAY_FIELD, daysForInput, daysFromInput } from '../../../lib/day-input';
import { filterQuery, type TransactionFilter } from '../api/get-transactions';
import { walletText } from '../i18n';

export const TRANSACTION_KINDS: readonly TransactionKind[] = TransactionKindSchema.options;

/** The filter in the page's URL: a kind the ledger knows, days as ISO (the API checks them). */
export function readFilter(params: URLSearchParams): TransactionFilter {
  const kind = params.get('kind');
  return {
    kind: TRANSACTION_KINDS.find((k) => k === kind),
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
}

type Draft = { kind?: string | undefined; from?: string | undefined; to?: string | undefined };

type TransactionFiltersProps = {
  filter: TransactionFilter;
  /** The tab's `pending`, which the statement keeps. */
  pending: boolean | undefined;
  onApply: (filter: TransactionFilter) => void;
};

/**
 * The customer's filters on their ledger (issue 56): one type of movement and days from/to,
 * typed dd/mm/yyyy as on the desk, in the shared filter frame; beside it the statement, the
 * filtered rows as CSV.
 */
export function TransactionFilters({ filter, pending, onApply }: TransactionFiltersProps) {
  const t = walletText.useT();
  const [draft, setDraft] = useState<Draft>(() => daysForInput(filter));
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const applied = Object.keys(filterQuery(filter)).length;

  const field = (key: keyof Draft) => ({
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const days = daysFromInput(draft, t('tx.dayFormat'));
    setErrors(days.errors);
    if (Object.keys(days.errors).length > 0) return;
    onApply({ ...days.values, kind: TRANSACTION_KINDS.find((k) => k === days.values.kind) });
  };
  const clear = () => {
    setDraft({});
    setErrors({});
    onApply({});
  };

  return (
    <FilterPanel
      label={t('tx.filter')}
      toggle={applied > 0 ? t('tx.filtersCount', { count: applied }) : t('tx.filters')}
      onSubmit={onSubmit}
      side={
        <DownloadButton
          path={WALLET_API.transactionsCsv}
          query={{ ...filterQuery(filter), pending: pending === undefined ? undefined : +pending }}
          filename="statement.csv"
          label={t('tx.statement')}
          variant="secondary"
        />
      }
    >
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <SelectField label={t('tx.kind')} className="col-span-2" {...field('kind')}>
          <option value="">{t('tx.anyKind')}</option>
          {TRANSACTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kind.${kind}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('tx.fromDay')} {...DAY_FIELD} error={errors.from} {...field('from')} />
        <TextField label={t('tx.toDay')} {...DAY_FIELD} error={errors.to} {...field('to')} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" icon={<Filter className="size-4" aria-hidden="true" />}>
          {t('tx.apply')}
        </Button>
        {applied > 0 || draft.kind || draft.from || draft.to ? (
          <Button variant="ghost" onClick={clear} icon={<X className="size-4" aria-hidden="true" />}>
            {t('tx.clear')}
          </Button>
        ) : null}
      </div>
    </FilterPanel>
  );
}
