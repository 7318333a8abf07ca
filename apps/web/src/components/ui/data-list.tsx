import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';

export type Column<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  className?: string;
};

type DataListProps<T> = {
  items: T[];
  rowKey: (item: T) => string | number;
  /** The table's caption, also the list's accessible name on phones. */
  caption: string;
  captionHidden?: boolean;
  columns: Column<T>[];
  /** One item as a card, for narrow screens. */
  card: (item: T) => ReactNode;
};

/**
 * A table on wide screens and a list of cards on phones. Only one of them is rendered, so text
 * and links are never doubled for assistive technology or tests.
 */
export function DataList<T>({
  items,
  rowKey,
  caption,
  captionHidden = true,
  columns,
  card,
}: DataListProps<T>) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (!wide) {
    return (
      <ul aria-label={caption} className="-my-3 divide-y divide-slate-200">
        {items.map((item) => (
          <li key={rowKey(item)} className="py-4 text-slate-900">
            {card(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="-mx-5 overflow-x-auto sm:-mx-6">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm text-slate-900">
        <caption className={cn(captionHidden ? 'sr-only' : 'mb-3 text-left font-semibold')}>
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {columns.map((col) => (
              <th
                key={col.header}
                scope="col"
                className={cn(
                  'px-3 py-3 font-semibold first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6',
                  col.numeric && 'text-right',
                )}
              >
                {col.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={rowKey(item)}
              className="border-b border-slate-100 last:border-0 hover:bg-slate-50"
            >
              {columns.map((col) => (
                <td
                  key={col.header}
                  className={cn(
                    'px-3 py-3 align-middle first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6',
                    col.numeric && 'text-right tabular-nums',
                    col.className,
                  )}
                >
                  {col.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A label/value line inside a DataList card. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm">
      <span className="text-slate-600">{label}</span>
      <span className="min-w-0 break-words text-right font-medium text-slate-900">{children}</span>
    </div>
  );
}
