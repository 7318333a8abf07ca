import { ROUTES, type AuditEntry } from '@iddesk/contract';
import { Filter, ScrollText, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { formatDateTime } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import {
  AdminFrame,
  AUDIT_OBJECT_TYPES,
  AuditChange,
  auditActionLabel,
  auditObjectHref,
  auditObjectName,
  withParams,
} from '../../../staff';
import { useAuditTrail } from '../api/audit';

const KEYS = ['actor_id', 'action', 'object_type', 'object_id', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];
type Values = Partial<Record<Key, string>>;

/** Actions staff filter by most: each kind of decision, and every action on one kind. */
const ACTIONS = [
  { value: 'bill.', label: 'Any bill action' },
  { value: 'bill.approve', label: 'Bill approved' },
  { value: 'bill.reject', label: 'Bill rejected' },
  { value: 'withdrawal.', label: 'Any withdrawal action' },
  { value: 'user_id.', label: 'Any new-ID action' },
  { value: 'id_request.', label: 'Any ID request action' },
  { value: 'balance.', label: 'Manual balance changes' },
  { value: 'user.', label: 'Blocking and unblocking' },
  { value: 'staff.', label: 'Staff accounts' },
];

function readValues(params: URLSearchParams): Values {
  const values: Values = {};
  for (const key of KEYS) {
    const v = params.get(key)?.trim();
    if (v) values[key] = v;
  }
  return values;
}

function ObjectCell({ entry }: { entry: AuditEntry }) {
  const href = auditObjectHref(entry.object_type, entry.object_id);
  const name = `${auditObjectName(entry.object_type)}${entry.object_id ? ` #${entry.object_id}` : ''}`;
  return href ? (
    <Link to={href} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
}

function ActorCell({ entry, onlyHref }: { entry: AuditEntry; onlyHref: (id: number) => string }) {
  if (!entry.actor) return <span className="text-slate-600">Removed account</span>;
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{entry.actor.name}</p>
      <Link
        to={onlyHref(entry.actor.id)}
        className="text-sm text-brand-700 underline-offset-4 hover:underline"
      >
        Only this staff member
      </Link>
    </div>
  );
}

/** Action, object, staff member and days; the applied values live in the URL. */
function AuditFilter({ values, onApply }: { values: Values; onApply: (v: Values) => void }) {
  const [draft, setDraft] = useState<Values>(values);
  const set = (key: Key) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <Card className="mb-6">
      <form role="search" aria-label="Filter the audit trail" onSubmit={submit} noValidate>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <SelectField
            label="Action"
            className="col-span-2"
            value={draft.action ?? ''}
            onChange={set('action')}
          >
            <option value="">Any action</option>
            {ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Object" value={draft.object_type ?? ''} onChange={set('object_type')}>
            <option value="">Any object</option>
            {AUDIT_OBJECT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Object number"
            inputMode="numeric"
            maxLength={12}
            value={draft.object_id ?? ''}
            onChange={set('object_id')}
          />
          <TextField label="From day" type="date" value={draft.from ?? ''} onChange={set('from')} />
          <TextField label="To day" type="date" value={draft.to ?? ''} onChange={set('to')} />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" icon={<Filter className="size-4" aria-hidden="true" />}>
            Apply filters
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
              Clear filters
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

/** `/admin/audit` (issue 16 item 6): every staff action, newest first, read-only. */
export function AdminAuditPage() {
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
      title="Audit trail"
      description="Every staff action: who, what, on which object, before and after, from where. Read-only."
    >
      <AuditFilter key={params.toString()} values={values} onApply={apply} />
      {values.actor_id ? (
        <p className="-mt-3 mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-200">
          Showing one staff member’s actions.
          <Link
            to={withParams(base, params, { actor_id: undefined, page: undefined })}
            className="font-semibold text-white underline underline-offset-4"
          >
            Show everyone’s
          </Link>
        </p>
      ) : null}
      <ListCard
        query={query}
        loadingLabel="Loading the audit trail"
        pagesLabel="Audit trail pages"
        hrefFor={(p) => withParams(base, params, { page: p > 1 ? String(p) : undefined })}
        empty={
          <ListEmpty icon={ScrollText} title="No staff action matches">
            {Object.keys(values).length
              ? 'Clear or change the filters to see more.'
              : 'Staff actions are listed here as they happen.'}
          </ListEmpty>
        }
      >
        {(items) => (
          <DataList
            items={items}
            rowKey={(e) => e.id}
            caption="Staff actions"
            columns={[
              {
                header: 'When',
                cell: (e) => formatDateTime(e.created_at),
                className: 'whitespace-nowrap text-slate-700',
              },
              { header: 'Who', cell: (e) => <ActorCell entry={e} onlyHref={onlyHref} /> },
              {
                header: 'What',
                cell: (e) => <span className="font-medium">{auditActionLabel(e.action)}</span>,
              },
              { header: 'Object', cell: (e) => <ObjectCell entry={e} /> },
              { header: 'Change', cell: (e) => <AuditChange before={e.before} after={e.after} /> },
              {
                header: 'IP',
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
                <AuditChange before={e.before} after={e.after} />
                <CardLine label="When">{formatDateTime(e.created_at)}</CardLine>
                <CardLine label="IP">{e.ip ?? '—'}</CardLine>
              </div>
            )}
          />
        )}
      </ListCard>
    </AdminFrame>
  );
}
