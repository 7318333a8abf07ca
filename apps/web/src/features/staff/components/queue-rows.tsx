import type { Handler, ItemClaim, ReusedProof } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type Column, DataList } from '../../../components/ui/data-list';
import { StatusBadge, type StatusValue } from '../../../components/ui/status-badge';
import { cn } from '../../../lib/cn';
import { ClaimTag } from './claim';
import { TimeLines, timeColumn } from './desk-list-parts';
import { ProofThumb } from './proof-thumb';
import type { QueueListView } from './queue-list-page';
import type { QueueItemFrom } from './queue-item-page';
import { ReusedFlag } from './reused-proof';

/** What every queue's row carries: its page, its state and times, its payment proof if any. */
type QueueRow = {
  id: number;
  status: StatusValue;
  created_at: string;
  handled_at: string | null;
  handled_by?: Handler | undefined;
  proof_url?: string | null;
  reused_proof?: ReusedProof | undefined;
  /** Who has it open (issue 55 item 2). */
  claim?: ItemClaim | undefined;
};

type QueueRowsProps<T extends QueueRow> = QueueListView & {
  items: T[];
  pending: boolean;
  /** The first column: its header, and each row's link to the item's page ("Bill #12"). */
  header: string;
  href: (item: T) => string;
  linkText: (item: T) => string;
  /** The first column keeps to one line. */
  nowrap?: boolean;
  /** The screenshot's alternative text, for queues paid with a proof (shown while pending). */
  proofAlt?: (item: T) => string;
  /** Checkbox names when the queue takes batch decisions. */
  selectLabel?: (item: T) => string;
  selectAllLabel?: string;
  /** The columns between the link and the waiting/handled column. */
  columns: Column<T>[];
  statusHeader: string;
  /** On phones: the amount beside the link, then the card's own lines. */
  amount: (item: T) => ReactNode;
  lines: (item: T) => ReactNode;
};

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/**
 * A queue's rows (bills, withdrawals, ID requests, new IDs): the item's link with its proof
 * thumbnail, reused-proof flag and who has it open, the domain's columns, waiting or handled, and the status;
 * on phones the same as a card.
 */
export function QueueRows<T extends QueueRow>(props: QueueRowsProps<T>) {
  const { pending, search, selection, proofAlt, selectLabel } = props;
  const thumb = (item: T) =>
    proofAlt && pending && item.proof_url ? (
      <ProofThumb url={item.proof_url} alt={proofAlt(item)} />
    ) : null;
  const here = useLocation();
  // From a handled list, the item page's back link returns to it (its page and filters), not to
  // the pending queue.
  const from: QueueItemFrom | undefined = pending
    ? undefined
    : { backTo: `${here.pathname}${here.search}`, backLabel: props.caption };
  const link = (item: T) => (
    // "Bill #12" on one line, whatever the column's width.
    <Link to={`${props.href(item)}${search}`} state={from} className={cn(linkClass, 'whitespace-nowrap')}>
      {props.linkText(item)}
    </Link>
  );
  return (
    <DataList
      items={props.items}
      rowKey={(item) => item.id}
      caption={props.caption}
      flagged={(item) => Boolean(item.reused_proof?.flagged)}
      selection={
        selection &&
        selectLabel && {
          selected: selection.selected,
          onChange: (next) => selection.onChange(next as Set<number>),
          label: selectLabel,
          allLabel: props.selectAllLabel ?? '',
        }
      }
      columns={[
        {
          header: props.header,
          cell: (item) => (
            <div className="flex items-center gap-3">
              {thumb(item)}
              <div
                className={cn(
                  'flex flex-col items-start gap-1',
                  props.nowrap && 'whitespace-nowrap',
                )}
              >
                {link(item)}
                <ReusedFlag flag={item.reused_proof} />
                {pending ? <ClaimTag claim={item.claim ?? undefined} /> : null}
              </div>
            </div>
          ),
        },
        ...props.columns,
        timeColumn<T>(pending),
        { header: props.statusHeader, cell: (item) => <StatusBadge status={item.status} /> },
      ]}
      card={(item) => (
        <div className="flex gap-3">
          {thumb(item)}
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              {link(item)}
              {props.amount(item)}
            </div>
            <ReusedFlag flag={item.reused_proof} />
            {pending ? <ClaimTag claim={item.claim ?? undefined} /> : null}
            {props.lines(item)}
            <TimeLines item={item} pending={pending} status={item.status} />
          </div>
        </div>
      )}
    />
  );
}
