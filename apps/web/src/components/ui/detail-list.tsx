import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CopyButton } from './copy-button';

export type DetailItem = {
  label: string;
  value: ReactNode;
  /** Adds a copy button for this text. */
  copy?: string | null;
  /** Steady digits, for ids, account numbers and references. */
  mono?: boolean;
  wide?: boolean;
};

/** Label/value pairs (a description list), optionally copyable. */
type DetailListProps = { items: DetailItem[]; columns?: 1 | 2; className?: string };

export function DetailList({ items, columns = 2, className }: DetailListProps) {
  return (
    <dl
      className={cn(
        'grid grid-cols-1 gap-x-6 gap-y-4',
        columns === 2 && 'sm:grid-cols-2',
        className,
      )}
    >
      {items.map((item) => (
        <div key={item.label} className={cn('min-w-0', item.wide && 'sm:col-span-2')}>
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          <dd className="mt-1 flex items-center justify-between gap-2 text-slate-900">
            <span
              className={cn(
                'min-w-0 break-words font-semibold',
                item.mono && 'tabular-nums tracking-wide',
              )}
            >
              {item.value}
            </span>
            {item.copy ? <CopyButton value={item.copy} what={item.label} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
