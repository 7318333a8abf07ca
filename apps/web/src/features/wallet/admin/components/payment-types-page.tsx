import { ROUTES, type PaymentType } from '@iddesk/contract';
import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useAction } from '../../../../lib/use-action';
import { useAdminPaymentTypes, useSetPaymentTypeActive } from '../api/payment-types';
import { CollectionPage } from '../../../staff';
import { common } from '../../../../lib/i18n-common';
import { walletStaff } from '../i18n';

function details(type: PaymentType): string {
  if (type.kind === 'upi') return type.upi_id ?? '—';
  return [type.account_holder, type.account_number, type.ifsc].filter(Boolean).join(' · ');
}

function ActiveToggle({ type }: { type: PaymentType }) {
  const t = walletStaff.useT();
  const mutation = useSetPaymentTypeActive();
  const { run, loading } = useAction();
  const next = !type.is_active;
  return (
    <Button
      variant="ghost"
      loading={loading}
      onClick={() => void run(() => mutation.mutateAsync({ id: type.id, active: next }))}
      aria-label={t(next ? 'types.activateLabel' : 'types.deactivateLabel', { name: type.name })}
    >
      {t(next ? 'types.activate' : 'types.deactivate')}
    </Button>
  );
}

function EditLink({ type }: { type: PaymentType }) {
  const t = walletStaff.useT();
  return (
    <Link
      to={ROUTES.adminPaymentTypeEdit(type.id)}
      aria-label={t('types.editLabel', { name: type.name })}
      className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
    >
      {t('types.edit')}
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
  const t = walletStaff.useT();
  const kind = (type: PaymentType) => t(type.kind === 'upi' ? 'types.upi' : 'types.bank');
  return (
    <DataList
      items={items}
      rowKey={(type) => type.id}
      caption={t('types.caption')}
      columns={[
        { header: t('types.name'), cell: (type) => <Name type={type} /> },
        { header: t('types.kind'), cell: kind },
        {
          header: t('types.details'),
          cell: (type) => <span className="break-all">{details(type)}</span>,
        },
        { header: t('types.qr'), cell: (type) => t(type.qr_url ? 'types.yes' : 'types.no') },
        {
          header: t('types.status'),
          cell: (type) => <StatusBadge status={type.is_active ? 'active' : 'inactive'} />,
        },
        {
          header: t('types.actions'),
          numeric: true,
          cell: (type) => (
            <div className="flex justify-end gap-1">
              <EditLink type={type} />
              <ActiveToggle type={type} />
            </div>
          ),
        },
      ]}
      card={(type) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Name type={type} />
            <StatusBadge status={type.is_active ? 'active' : 'inactive'} />
          </div>
          <CardLine label={kind(type)}>{details(type)}</CardLine>
          <div className="flex gap-1">
            <EditLink type={type} />
            <ActiveToggle type={type} />
          </div>
        </div>
      )}
    />
  );
}

export function AdminPaymentTypesPage() {
  const t = walletStaff.useT();
  const titles = common.useT();
  const query = useAdminPaymentTypes();
  return (
    <CollectionPage
      title={titles('titles.admin.paymentTypes')}
      description={t('types.description')}
      addTo={ROUTES.adminPaymentTypeCreate}
      addLabel={t('types.add')}
      query={query}
      loadingLabel={t('types.loading')}
      rows={3}
      empty={{ icon: Landmark, title: t('types.empty'), hint: t('types.emptyHint') }}
    >
      {(items) => <PaymentTypeList items={items} />}
    </CollectionPage>
  );
}
