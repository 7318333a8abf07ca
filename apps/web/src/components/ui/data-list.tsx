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

/** Rows staff may pick for one action on several (a batch approve). */
export type RowSelection<T> = {
  selected: ReadonlySet<string | number>;
  onChange: (next: Set<string | number>) => void;
  /** The checkbox's name: "Select bill #12". */
  label: (item: T) => string;
  /** The page's checkbox: "Select all on this page". */
  allLabel: string;
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
  /** A checkbox per row (and one for the page), when staff may act on several. */
  selection?: RowSelection<T>;
  /** Rows that need a second look (a reused payment proof): tinted, with a bar on the left. */
  flagged?: (item: T) => boolean;
};

const CHECKBOX = 'size-5 cursor-pointer rounded border-slate-400 accent-brand-700';

function RowCheckbox<T>({
  item,
  id,
  selection,
}: {
  item: T;
  id: string | number;
  selection: RowSelection<T>;
}) {
  return (
    <input
      type="checkbox"
      className={CHECKBOX}
      aria-label={selection.label(item)}
      checked={selection.selected.has(id)}
      onChange={(event) => {
        const next = new Set(selection.selected);
        if (event.target.checked) next.add(id);
        else next.delete(id);
        selection.onChange(next);
      }}
    />
  );
}

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
  selection,
  flagged,
}: DataListProps<T>) {
  const wide = useMediaQuery('(min-width: 768px)');
  const keys = items.map(rowKey);
  const allSelected = selection
    ? keys.length > 0 && keys.every((k) => selection.selected.has(k))
    : false;
  const selectAll = selection ? (
    <input
      type="checkbox"
      className={CHECKBOX}
      aria-label={selection.allLabel}
      checked={allSelected}
      onChange={(event) => {
        const next = new Set(selection.selected);
        for (const k of keys) {
          if (event.target.checked) next.add(k);
          else next.delete(k);
        }
        selection.onChange(next);
      }}
    />
  ) : null;
  if (!wide) {
    return (
      <>
        {selection ? (
          <label className="-mt-1 mb-3 flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
            {selectAll}
            <span aria-hidden="true">{selection.allLabel}</span>
          </label>
        ) : null}
        <ul aria-label={caption} className="-my-3 divide-y divide-slate-200">
          {items.map((item) => {
            const key = rowKey(item);
            return (
              <li
                key={key}
                className={cn(
                  'flex gap-3 py-4 text-slate-900',
                  flagged?.(item) && '-mx-3 border-l-4 border-amber-500 bg-amber-50/70 px-3',
                )}
              >
                {selection ? (
                  <div className="pt-0.5">
                    <RowCheckbox item={item} id={key} selection={selection} />
                  </div>
                ) : null}
                <div className="min-w-0 flex-1">{card(item)}</div>
              </li>
            );
          })}
        </ul>
      </>
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
            {selection ? (
              <th scope="col" className="w-12 py-3 pl-5 pr-1 sm:pl-6">
                {selectAll}
              </th>
            ) : null}
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
              className={cn(
                'border-b border-slate-100 last:border-0',
                flagged?.(item)
                  ? 'bg-amber-50/70 shadow-[inset_4px_0_0_0_var(--color-amber-500)] hover:bg-amber-50'
                  : 'hover:bg-slate-50',
              )}
            >
              {selection ? (
                <td className="w-12 py-3 pl-5 pr-1 align-middle sm:pl-6">
                  <RowCheckbox item={item} id={rowKey(item)} selection={selection} />
                </td>
              ) : null}
              {columns.map((col) => (
                <td
                  key={col.header}
                  className={cn(
                    'px-3 py-3 align-middle last:pr-5 sm:last:pr-6',
                    !selection && 'first:pl-5 sm:first:pl-6',
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
      <span className="shrink-0 whitespace-nowrap text-slate-600">{label}</span>
      <span className="min-w-0 break-words text-right font-medium text-slate-900">{children}</span>
    </div>
  );
}
