import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';

export type StatusValue =
  | 'pending'
  | 'approved'
  | 'done'
  | 'rejected'
  | 'cancelled'
  | 'active'
  | 'inactive'
  | 'blocked'
  | 'closed';

const GREEN = 'bg-emerald-100 text-emerald-900 ring-emerald-300';
const RED = 'bg-red-100 text-red-800 ring-red-300';
const STYLES: Record<StatusValue, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  approved: GREEN,
  done: GREEN,
  rejected: RED,
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
  active: GREEN,
  inactive: 'bg-slate-100 text-slate-700 ring-slate-300',
  blocked: RED,
  closed: 'bg-slate-200 text-slate-800 ring-slate-400',
};

/** A status pill; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ status, className }: { status: StatusValue; className?: string }) {
  const t = common.useT();
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STYLES[status],
        className,
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
}
