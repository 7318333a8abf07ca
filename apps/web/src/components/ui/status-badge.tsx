import { cn } from '../../lib/cn';

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

const STYLES: Record<StatusValue, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900 ring-amber-300' },
  approved: { label: 'Approved', className: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  done: { label: 'Done', className: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-800 ring-red-300' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-100 text-slate-700 ring-slate-300' },
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  inactive: { label: 'Inactive', className: 'bg-slate-100 text-slate-700 ring-slate-300' },
  blocked: { label: 'Blocked', className: 'bg-red-100 text-red-800 ring-red-300' },
  closed: { label: 'Closed', className: 'bg-slate-200 text-slate-800 ring-slate-400' },
};

/** A status pill; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ status, className }: { status: StatusValue; className?: string }) {
  const style = STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        style.className,
        className,
      )}
    >
      {style.label}
    </span>
  );
}
