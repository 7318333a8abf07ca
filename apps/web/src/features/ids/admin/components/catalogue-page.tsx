import { ROUTES, type AdminCatalogueItem } from '@iddesk/contract';
import { LayoutGrid, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ItemLogo } from '../../../../components/ui/item-logo';
import { ListEmpty, ListError, ListLoading } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatMoney } from '../../../../lib/money';
import { useAction } from '../../../../lib/use-action';
import { useAdminCatalogue, useDeleteCatalogueItem } from '../api/catalogue';
import { AdminFrame } from '../../../staff';

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
  return (
    <div className="flex justify-end gap-1">
      <Link
        to={ROUTES.adminIdEdit(item.id)}
        aria-label={`Edit ${item.name}`}
        className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        Edit
      </Link>
      <Button
        variant="ghost"
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={`Delete ${item.name}`}
      >
        Delete
      </Button>
    </div>
  );
}

const demo = (item: AdminCatalogueItem) => (item.has_demo ? 'Yes' : 'No');
const status = (item: AdminCatalogueItem) => (
  <StatusBadge status={item.is_active ? 'active' : 'inactive'} />
);

function CatalogueTable({ items }: { items: AdminCatalogueItem[] }) {
  const mutation = useDeleteCatalogueItem();
  const { run, loading } = useAction();
  const [deleting, setDeleting] = useState<AdminCatalogueItem | null>(null);
  const held = deleting ? deleting.user_id_count : 0;

  const remove = async () => {
    if (!deleting) return;
    await run(() => mutation.mutateAsync(deleting.id), {
      successMessage: held > 0 ? 'Deactivated: customers still hold IDs on it.' : 'Deleted.',
    });
    setDeleting(null);
  };

  return (
    <>
      <DataList
        items={items}
        rowKey={(i) => i.id}
        caption="Catalogue items"
        columns={[
          { header: 'Name', cell: (i) => <Name item={i} /> },
          {
            header: 'Min deposit',
            numeric: true,
            cell: (i) => <span className="font-semibold">{formatMoney(i.min_deposit)}</span>,
          },
          { header: 'Active', cell: status },
          { header: 'Demo', cell: demo },
          { header: 'User IDs', numeric: true, cell: (i) => i.user_id_count },
          {
            header: 'Actions',
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
            <CardLine label="Minimum deposit">{formatMoney(i.min_deposit)}</CardLine>
            <CardLine label="Demo login">{demo(i)}</CardLine>
            <CardLine label="User IDs">{i.user_id_count}</CardLine>
            <Actions item={i} onDelete={() => setDeleting(i)} />
          </div>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this item'}?`}
        description={
          held > 0
            ? `Customers hold ${held} ID${held === 1 ? '' : 's'} on it, so it is deactivated instead: hidden from the catalogue, with every ID and request kept.`
            : 'It is removed from the catalogue for good. No customer holds an ID on it.'
        }
        confirmLabel={held > 0 ? 'Deactivate' : 'Delete'}
        tone="danger"
        loading={loading}
        onConfirm={() => void remove()}
      />
    </>
  );
}

/** `/admin` and `/admin/ids`: the catalogue, inactive items too. */
export function AdminIdsPage() {
  const query = useAdminCatalogue();
  return (
    <AdminFrame
      title="IDs"
      description="The catalogue customers request IDs from. Inactive items are hidden from them."
      actions={
        <ButtonLink to={ROUTES.adminIdCreate} variant="inverse">
          <Plus className="size-4" aria-hidden="true" />
          Add ID
        </ButtonLink>
      }
    >
      <Card>
        {query.isPending ? (
          <ListLoading label="Loading the catalogue" rows={4} />
        ) : query.isError ? (
          <ListError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <ListEmpty
            icon={LayoutGrid}
            title="The catalogue is empty"
            action={<ButtonLink to={ROUTES.adminIdCreate}>Add ID</ButtonLink>}
          >
            Customers can request IDs once there is at least one active item.
          </ListEmpty>
        ) : (
          <CatalogueTable items={query.data} />
        )}
      </Card>
    </AdminFrame>
  );
}
