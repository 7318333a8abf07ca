import type { Handler } from '@iddesk/contract';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardLine, type Column } from '../../../components/ui/data-list';
import { ListEmpty } from '../../../components/ui/list-states';
import { StatusBadge, type StatusValue } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/money';
import { HandledBy } from './handled-by';
import { Waiting } from './waiting';
import { staffText } from '../i18n';

/** What a queue row carries about its time: when it came, and who handled it when. */
type Timed = { created_at: string; handled_at: string | null; handled_by?: Handler | undefined };

/** The queue's "Waiting" column, or the done list's "Handled" (who and when). */
export function timeColumn<T extends Timed>(pending: boolean): Column<T> {
  const { t } = staffText;
  return pending
    ? {
        header: t('list.waiting'),
        cell: (item) => <Waiting since={item.created_at} />,
        className: 'whitespace-nowrap',
      }
    : {
        header: t('list.handled'),
        cell: (item) => <HandledBy by={item.handled_by} at={item.handled_at} />,
      };
}

/** The foot of a queue row's card on phones: its age or handling, its status, its handler. */
export function TimeLines({
  item,
  pending,
  status,
}: {
  item: Timed;
  pending: boolean;
  status: StatusValue;
}) {
  const t = staffText.useT();
  return (
    <>
      {/* At 360 px the wait and the badge can outgrow the card: the badge wraps, still right. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-600">
        {pending ? (
          <Waiting since={item.created_at} />
        ) : (
          <span>{formatDateTime(item.handled_at)}</span>
        )}
        <StatusBadge status={status} className="ml-auto" />
      </div>
      {!pending ? <CardLine label={t('list.handledBy')}>{item.handled_by?.name ?? '—'}</CardLine> : null}
    </>
  );
}

type DeskEmptyProps = {
  icon: LucideIcon;
  /** The list has filters applied: nothing matches them. */
  filtered: boolean;
  /** "No bills match these filters". */
  filteredTitle: string;
  title: string;
  children: ReactNode;
};

/** A staff list's empty state: nothing matches the filters, or nothing there yet. */
export function DeskEmpty({ icon, filtered, filteredTitle, title, children }: DeskEmptyProps) {
  const t = staffText.useT();
  return filtered ? (
    <ListEmpty icon={icon} title={filteredTitle}>
      {t('list.filteredHint')}
    </ListEmpty>
  ) : (
    <ListEmpty icon={icon} title={title}>
      {children}
    </ListEmpty>
  );
}
