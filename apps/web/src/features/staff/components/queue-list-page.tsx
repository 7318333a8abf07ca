import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ListCard, type PageQuery } from '../../../components/ui/list-card';
import { useStaffCan } from '../../../lib/staff-role';
import type { DeskList } from '../hooks/use-desk-list';
import { listSearch } from '../hooks/use-queue-nav';
import { AdminFrame, type AdminTab } from './admin-frame';
import { BatchBar, type BatchItem, type BatchKind } from './batch-bar';
import { DeskEmpty } from './desk-list-parts';
import { ExportButton } from './export-button';
import { FilterBar } from './filter-bar';

/** The words every queue's list takes, each under its domain's prefix (`bills.loading`). */
export type QueueListKey =
  | 'pendingDescription'
  | 'doneDescription'
  | 'filter'
  | 'loading'
  | 'pages'
  | 'filteredEmpty'
  | 'emptyPending'
  | 'emptyDone'
  | 'emptyPendingHint'
  | 'emptyDoneHint'
  | 'captionPending'
  | 'captionDone';

/** Ticked rows of a queue that takes batch decisions, for the list's `DataList`. */
export type QueueSelection = { selected: Set<number>; onChange: (next: Set<number>) => void };

/** What the page hands its list: the caption, the list's search to carry on, the ticked rows. */
export type QueueListView = { caption: string; search: string; selection?: QueueSelection };

type QueueListPageProps<T extends { id: number }> = {
  title: string;
  /** The domain's word for a key of this queue. */
  text: (key: QueueListKey) => string;
  pending: boolean;
  list: DeskList;
  query: PageQuery<T>;
  icon: LucideIcon;
  /** The CSV export: its API path and the file's stem (`bills` → `bills-pending.csv`). */
  csv: { path: string; name: string };
  /** Pending / Done as links of the frame. */
  tabs?: AdminTab[];
  /** Shown above the filter bar (a queue with its own tabs). */
  above?: ReactNode;
  /** Remounts the filter bar when it changes (its fields start from the URL). */
  filterKey?: string;
  paymentType?: boolean;
  referenceLabel?: string;
  /** Batch decisions on the pending list, for staff who may decide. */
  batch?: { path: string; kind: BatchKind; approveEffect: string };
  children: (items: T[], view: QueueListView) => ReactNode;
};

/**
 * A queue's Pending or Done list (bills, withdrawals, ID requests, new IDs): heading with the
 * CSV export, the filter bar, batch decisions where the queue takes them, and the paginated
 * list with its loading, error and empty states. The domain renders the rows.
 */
export function QueueListPage<T extends { id: number }>(props: QueueListPageProps<T>) {
  const { text, pending, list, query, batch } = props;
  const canDecide = useStaffCan('queues.decide');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const batchOn = Boolean(batch && pending && canDecide);
  const chosen = (query.data?.items ?? []).filter((item) => selected.has(item.id));
  const view: QueueListView = {
    caption: text(pending ? 'captionPending' : 'captionDone'),
    search: listSearch(list.params.toString()),
    selection: batchOn ? { selected, onChange: setSelected } : undefined,
  };
  return (
    <AdminFrame
      title={props.title}
      description={text(pending ? 'pendingDescription' : 'doneDescription')}
      tabs={props.tabs}
      actions={
        <ExportButton
          path={props.csv.path}
          query={{ ...list.query, pending: pending ? 1 : 0 }}
          filename={`${props.csv.name}-${pending ? 'pending' : 'done'}.csv`}
        />
      }
    >
      {props.above}
      <FilterBar
        key={props.filterKey}
        list={list}
        label={text('filter')}
        paymentType={props.paymentType}
        referenceLabel={props.referenceLabel}
        sortDefault={pending ? 'oldest' : 'newest'}
      />
      {batch && batchOn ? (
        <BatchBar
          path={batch.path}
          // Only the bill and withdrawal queues take batches; their rows carry an amount (and
          // a bill its reused-proof flag).
          chosen={chosen as unknown as BatchItem[]}
          onClear={() => setSelected(new Set())}
          kind={batch.kind}
          approveEffect={batch.approveEffect}
        />
      ) : null}
      <ListCard
        query={query}
        loadingLabel={text('loading')}
        pagesLabel={text('pages')}
        hrefFor={list.hrefFor}
        empty={
          <DeskEmpty
            icon={props.icon}
            filtered={list.filtered}
            filteredTitle={text('filteredEmpty')}
            title={text(pending ? 'emptyPending' : 'emptyDone')}
          >
            {text(pending ? 'emptyPendingHint' : 'emptyDoneHint')}
          </DeskEmpty>
        }
      >
        {(items) => props.children(items, view)}
      </ListCard>
    </AdminFrame>
  );
}
