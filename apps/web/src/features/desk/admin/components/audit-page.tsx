import { ROUTES, type AuditEntry } from '@iddesk/contract';
import { Filter, ScrollText, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { DAY_INPUT_PLACEHOLDER } from '../../../../lib/day-input';
import { formatDateTime } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import {
  AdminFrame,
  auditObjectTypes,
  AuditChange,
  auditActionLabel,
  daysForInput,
  daysFromInput,
  FilterPanel,
  auditObjectHref,
  auditObjectName,
  staffText,
  withParams,
} from '../../../staff';
import { useAuditTrail } from '../api/audit';
import { common } from '../../../../lib/i18n-common';
import { deskText } from '../i18n';

const KEYS = ['actor_id', 'action', 'object_type', 'object_id', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];
type Values = Partial<Record<Key, string>>;

/** Actions staff filter by most: each kind of decision, and every action on one kind. */
const ACTIONS = [
  { value: 'bill.', label: 'audit.actions.bill' },
  { value: 'bill.approve', label: 'audit.actions.billApprove' },
  { value: 'bill.reject', label: 'audit.actions.billReject' },
  { value: 'withdrawal.', label: 'audit.actions.withdrawal' },
  { value: 'user_id.', label: 'audit.actions.userId' },
  { value: 'id_request.', label: 'audit.actions.idRequest' },
  { value: 'balance.', label: 'audit.actions.balance' },
  { value: 'user.', label: 'audit.actions.user' },
  { value: 'staff.', label: 'audit.actions.staff' },
] as const;

function readValues(params: URLSearchParams): Values {
  const values: Values = {};
  for (const key of KEYS) {
    const v = params.get(key)?.trim();
    if (v) values[key] = v;
  }
  return values;
}

function ObjectCell({ entry }: { entry: AuditEntry }) {
  const t = deskText.useT();
  const href = auditObjectHref(entry.object_type, entry.object_id);
  const object = auditObjectName(entry.object_type);
  const name = entry.object_id ? t('audit.objectName', { name: object, id: entry.object_id }) : object;
  return href ? (
    <Link to={href} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

function ActorCell({ entry, onlyHref }: { entry: AuditEntry; onlyHref: (id: number) => string }) {
  const t = deskText.useT();
  if (!entry.actor) return <span className="text-slate-600">{t('audit.removed')}</span>;
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{entry.actor.name}</p>
      <Link
        to={onlyHref(entry.actor.id)}
        className="text-sm text-brand-700 underline-offset-4 hover:underline"
      >
        {t('audit.onlyActor')}
      </Link>
    </div>
  );
}

/** Action, object, staff member and days; the applied values live in the URL. */
function AuditFilter({ values, onApply }: { values: Values; onApply: (v: Values) => void }) {
  const t = deskText.useT();
  const shared = staffText.useT();
  const [draft, setDraft] = useState<Values>(() => daysForInput(values));
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const set = (key: Key) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = daysFromInput(draft);
    setErrors(days.errors);
    if (Object.keys(days.errors).length === 0) onApply(days.values);
  };
  // Filtering by one staff member is said under the panel; the rest counts on its button.
  const applied = Object.keys(values).filter((key) => key !== 'actor_id').length;
  const day = (key: 'from' | 'to', label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      placeholder={DAY_INPUT_PLACEHOLDER}
      autoComplete="off"
      maxLength={10}
      value={draft[key] ?? ''}
      error={errors[key]}
      onChange={set(key)}
    />
  );
  return (
    <FilterPanel label={t('audit.filter')} applied={applied} onSubmit={submit}>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <SelectField
          label={t('audit.action')}
          className="col-span-2"
          value={draft.action ?? ''}
          onChange={set('action')}
        >
          <option value="">{t('audit.anyAction')}</option>
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {t(a.label)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('audit.object')} value={draft.object_type ?? ''} onChange={set('object_type')}>
          <option value="">{t('audit.anyObject')}</option>
          {auditObjectTypes().map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('audit.objectNumber')}
          inputMode="numeric"
          maxLength={12}
          value={draft.object_id ?? ''}
          onChange={set('object_id')}
        />
        {day('from', shared('filter.fromDay'))}
        {day('to', shared('filter.toDay'))}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" icon={<Filter className="size-4" aria-hidden="true" />}>
          {shared('filter.apply')}
        </Button>
        {Object.keys(values).length ? (
          <Button
            variant="ghost"
            icon={<X className="size-4" aria-hidden="true" />}
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            {shared('filter.clear')}
          </Button>
        ) : null}
      </div>
    </FilterPanel>
  );
}

/** `/admin/audit` (issue 16 item 6): every staff action, newest first, read-only. */
export function AdminAuditPage() {
  const t = deskText.useT();
  const shared = staffText.useT();
  const titles = common.useT();
  const [params, setParams] = useSearchParams();
  const values = readValues(params);
  const page = readPage(params.get('page'));
  const query = useAuditTrail({ page, query: values });
  const base = ROUTES.adminAudit;
  const apply = (next: Values) => {
    const search = new URLSearchParams();
    for (const key of KEYS) {
      const v = next[key]?.trim();
      if (v) search.set(key, v);
    }
    setParams(search);
  };
  const onlyHref = (actorId: number) =>
    withParams(base, params, { actor_id: String(actorId), page: undefined });

  return (
    <AdminFrame
      title={titles('titles.admin.audit')}
      description={t('audit.description')}
    >
      <AuditFilter key={params.toString()} values={values} onApply={apply} />
      {values.actor_id ? (
        <p className="-mt-3 mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-200">
          {t('audit.oneActor')}
          <Link
            to={withParams(base, params, { actor_id: undefined, page: undefined })}
            className="font-semibold text-white underline underline-offset-4"
          >
            {t('audit.everyone')}
          </Link>
        </p>
      ) : null}
      <ListCard
        query={query}
        loadingLabel={t('audit.loading')}
        pagesLabel={t('audit.pages')}
        hrefFor={(p) => withParams(base, params, { page: p > 1 ? String(p) : undefined })}
        empty={
          <ListEmpty icon={ScrollText} title={t('audit.empty')}>
            {Object.keys(values).length ? shared('list.filteredHint') : t('audit.emptyHint')}
          </ListEmpty>
        }
      >
        {(items) => (
          <DataList
            items={items}
            rowKey={(e) => e.id}
            caption={t('audit.caption')}
            columns={[
              {
                header: t('audit.when'),
                cell: (e) => formatDateTime(e.created_at),
                className: 'whitespace-nowrap text-slate-700',
              },
              { header: t('audit.who'), cell: (e) => <ActorCell entry={e} onlyHref={onlyHref} /> },
              {
                header: t('audit.what'),
                cell: (e) => <span className="font-medium">{auditActionLabel(e.action)}</span>,
              },
              { header: t('audit.object'), cell: (e) => <ObjectCell entry={e} /> },
              { header: t('audit.change'), cell: (e) => <AuditChange entry={e} /> },
              {
                header: t('audit.ip'),
                cell: (e) => <span className="font-mono text-xs">{e.ip ?? '—'}</span>,
              },
            ]}
            card={(e) => (
              <div className="flex flex-col gap-2">
                <div className="flex items-start justify-between gap-3">
                  <span className="font-semibold">{auditActionLabel(e.action)}</span>
                  <ObjectCell entry={e} />
                </div>
                <ActorCell entry={e} onlyHref={onlyHref} />
                <AuditChange entry={e} />
                <CardLine label={t('audit.when')}>{formatDateTime(e.created_at)}</CardLine>
                <CardLine label={t('audit.ip')}>{e.ip ?? '—'}</CardLine>
              </div>
            )}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}
