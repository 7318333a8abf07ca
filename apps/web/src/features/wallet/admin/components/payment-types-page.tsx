import { ROUTES, type PaymentType } from '@iddesk/contract';
import { Landmark, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListEmpty, ListError, ListLoading } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useAction } from '../../../../lib/use-action';
import { useAdminPaymentTypes, useSetPaymentTypeActive } from '../api/payment-types';
import { AdminFrame } from '../../../staff';

function details(type: PaymentType): string {
  if (type.kind === 'upi') return type.upi_id ?? '—';
  return [type.account_holder, type.account_number, type.ifsc].filter(Boolean).join(' · ');
}

function ActiveToggle({ type }: { type: PaymentType }) {
  const mutation = useSetPaymentTypeActive();
  const { run, loading } = useAction();
  const next = !type.is_active;
  return (
    <Button
      variant="ghost"
      loading={loading}
      onClick={() => void run(() => mutation.mutateAsync({ id: type.id, active: next }))}
      aria-label={`${next ? 'Activate' : 'Deactivate'} ${type.name}`}
    >
      {next ? 'Activate' : 'Deactivate'}
    </Button>
  );
}

function EditLink({ type }: { type: PaymentType }) {
  return (
    <Link
      to={ROUTES.adminPaymentTypeEdit(type.id)}
      aria-label={`Edit ${type.name}`}
      className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      Edit
    </Link>
  );
}

function Name({ type }: { type: PaymentType }) {
  return (
    <div className="flex items-center gap-3">
      {type.qr_url ? (
        <img
          src={type.qr_url}
          alt=""
          className="size-10 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200"
        />
      ) : null}
      <span className="font-semibold text-slate-900">{type.name}</span>
    </div>
  );
}

function PaymentTypeList({ items }: { items: PaymentType[] }) {
  return (
    <DataList
      items={items}
      rowKey={(t) => t.id}
      caption="Payment types"
      columns={[
        { header: 'Name', cell: (t) => <Name type={t} /> },
        { header: 'Kind', cell: (t) => (t.kind === 'upi' ? 'UPI' : 'Bank') },
        { header: 'Details', cell: (t) => <span className="break-all">{details(t)}</span> },
        { header: 'QR', cell: (t) => (t.qr_url ? 'Yes' : 'No') },
        {
          header: 'Status',
          cell: (t) => <StatusBadge status={t.is_active ? 'active' : 'inactive'} />,
        },
        {
          header: 'Actions',
          numeric: true,
          cell: (t) => (
            <div className="flex justify-end gap-1">
              <EditLink type={t} />
              <ActiveToggle type={t} />
            </div>
          ),
        },
      ]}
      card={(t) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Name type={t} />
            <StatusBadge status={t.is_active ? 'active' : 'inactive'} />
          </div>
          <CardLine label={t.kind === 'upi' ? 'UPI' : 'Bank'}>{details(t)}</CardLine>
          <div className="flex gap-1">
            <EditLink type={t} />
            <ActiveToggle type={t} />
          </div>
        </div>
      )}
    />
  );
}

export function AdminPaymentTypesPage() {
  const query = useAdminPaymentTypes();
  return (
    <AdminFrame
      title="Payment types"
      description="The accounts customers pay to when they add funds. Inactive ones are hidden from customers."
      actions={
        <ButtonLink to={ROUTES.adminPaymentTypeCreate} variant="inverse">
          <Plus className="size-4" aria-hidden="true" />
          Add payment type
        </ButtonLink>
      }
    >
      <Card>
        {query.isPending ? (
          <ListLoading label="Loading payment types" rows={3} />
        ) : query.isError ? (
          <ListError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <ListEmpty
            icon={Landmark}
            title="No payment types yet"
            action={<ButtonLink to={ROUTES.adminPaymentTypeCreate}>Add payment type</ButtonLink>}
          >
            Customers cannot add funds until there is at least one active payment type.
          </ListEmpty>
        ) : (
          <PaymentTypeList items={query.data} />
        )}
      </Card>
    </AdminFrame>
  );
}
