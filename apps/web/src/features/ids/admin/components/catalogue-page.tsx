import { ROUTES, type AdminCatalogueItem } from '@iddesk/contract';
import { LayoutGrid } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ItemLogo } from '../../../../components/ui/item-logo';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
import { useAdminCatalogue, useDeleteCatalogueItem } from '../api/catalogue';
import { CollectionPage } from '../../../staff';
import { common } from '../../../../lib/i18n-common';
import { idsStaff } from '../i18n';

function Name({ item }: { item: AdminCatalogueItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ItemLogo name={item.name} url={item.logo_url} className="size-10 rounded-xl" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{item.name}</p>
        <p className="truncate text-sm text-slate-600">{item.website.replace(/^https:\/\//, '')}</p>
      </div>
    </div>
  );
}

function Actions({ item, onDelete }: { item: AdminCatalogueItem; onDelete: () => void }) {
  const t = idsStaff.useT();
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={ROUTES.adminIdEdit(item.id)}
        aria-label={t('catalogue.editLabel', { name: item.name })}
        className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {t('catalogue.edit')}
      </Link>
      <Button
        variant="ghost"
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={t('catalogue.deleteLabel', { name: item.name })}
      >
        {t('catalogue.delete')}
      </Button>
    </div>
  );
}

const demo = (item: AdminCatalogueItem) =>
  idsStaff.t(item.has_demo ? 'catalogue.yes' : 'catalogue.no');
const status = (item: AdminCatalogueItem) => (
  <StatusBadge status={item.is_active ? 'active' : 'inactive'} />
);

function CatalogueTable({ items }: { items: AdminCatalogueItem[] }) {
  const t = idsStaff.useT();
  const mutation = useDeleteCatalogueItem();
  const { run, loading } = useAction();
  const [deleting, setDeleting] = useState<AdminCatalogueItem | null>(null);
  const held = deleting ? deleting.user_id_count : 0;

  const remove = async () => {
    if (!deleting) return;
    await run(() => mutation.mutateAsync(deleting.id), {
      successMessage: t(held > 0 ? 'catalogue.deactivated' : 'catalogue.deleted'),
    });
    setDeleting(null);
  };

  return (
    <>
      <DataList
        items={items}
        rowKey={(i) => i.id}
        caption={t('catalogue.caption')}
        columns={[
          { header: t('catalogue.name'), cell: (i) => <Name item={i} /> },
          {
            header: t('catalogue.minDeposit'),
            numeric: true,
            cell: (i) => <span className="font-semibold">{formatMoney(i.min_deposit)}</span>,
          },
          { header: t('catalogue.active'), cell: status },
          { header: t('catalogue.demo'), cell: demo },
          { header: t('catalogue.userIds'), numeric: true, cell: (i) => i.user_id_count },
          {
            header: t('catalogue.actions'),
            numeric: true,
            cell: (i) => <Actions item={i} onDelete={() => setDeleting(i)} />,
          },
        ]}
        card={(i) => (
          <div className="flex flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <Name item={i} />
              {status(i)}
            </div>
            <CardLine label={t('catalogue.minimumDeposit')}>{formatMoney(i.min_deposit)}</CardLine>
            <CardLine label={t('catalogue.demoLogin')}>{demo(i)}</CardLine>
            <CardLine label={t('catalogue.userIds')}>{i.user_id_count}</CardLine>
            <Actions item={i} onDelete={() => setDeleting(i)} />
          </div>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t('catalogue.deleteTitle', { name: deleting.name }) : ''}
        description={
          held > 0 ? t('catalogue.deleteHeld', { count: held }) : t('catalogue.deleteFree')
        }
        confirmLabel={t(held > 0 ? 'catalogue.deactivate' : 'catalogue.delete')}
        tone="danger"
        loading={loading}
        onConfirm={() => void remove()}
      />
    </>
  );
}

/** `/admin` and `/admin/ids`: the catalogue, inactive items too. */
export function AdminIdsPage() {
  const t = idsStaff.useT();
  const titles = common.useT();
  const query = useAdminCatalogue();
  return (
    <CollectionPage
      title={titles('titles.admin.ids')}
      description={t('catalogue.description')}
      addTo={ROUTES.adminIdCreate}
      addLabel={t('catalogue.add')}
      query={query}
      loadingLabel={t('catalogue.loading')}
      rows={4}
      empty={{ icon: LayoutGrid, title: t('catalogue.empty'), hint: t('catalogue.emptyHint') }}
    >
      {(items) => <CatalogueTable items={items} />}
    </CollectionPage>
  );
}
