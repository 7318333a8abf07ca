import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CopyButton } from './copy-button';
import { REFERENCE_FACE } from './reference';

export type DetailItem = {
  label: string;
  value: ReactNode;
  /** Adds a copy button for this text. */
  copy?: string | null;
  /**
   * A reference, login or account number: one line in a monospace face, on a row of its own so
   * it has room beside its copy button (it never wraps mid-number; issue 56).
   */
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
        <div
          key={item.label}
          className={cn('min-w-0', (item.wide || item.mono) && 'sm:col-span-2')}
        >
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          {/* A reference keeps its full width (it does not shrink beside the copy button, which
              moves under it when both do not fit): it breaks only when it is wider than the card. */}
          <dd className="mt-1 flex flex-wrap items-center justify-between gap-2 text-slate-900">
            <span
              className={cn(
                'min-w-0 font-semibold',
                item.mono
                  ? cn(REFERENCE_FACE, 'max-w-full shrink-0 [overflow-wrap:anywhere]')
                  : 'break-words',
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
