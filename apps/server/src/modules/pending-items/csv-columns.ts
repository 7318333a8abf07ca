import { textCell, timeCell } from '../../lib/csv-export';
import type { Parties } from './views';

/** One column of a queue's CSV export (issue 16). */
export type CsvColumn<T> = { header: string; cell: (row: T) => string | number };

type Item = Parties & { id: number; createdAt: Date };

/**
 * A queue's CSV columns: the item, when it came and from whom, then its own columns, then
 * when and by whom it was handled with the comment (`handled` reads those where they live).
 * Times are in the display time zone.
 */
export function queueCsvColumns<T extends Item>(
  timeZone: string,
  own: CsvColumn<T>[],
  handled: (row: T) => { at: Date | null; comment: string | null },
): CsvColumn<T>[] {
  return [
    { header: 'id', cell: (r) => r.id },
    { header: 'created_at', cell: (r) => timeCell(r.createdAt, timeZone) },
    { header: 'customer', cell: (r) => textCell(r.user.name) },
    { header: 'email', cell: (r) => textCell(r.user.email) },
    { header: 'phone', cell: (r) => textCell(r.user.phone) },
    ...own,
    { header: 'handled_at', cell: (r) => timeCell(handled(r).at, timeZone) },
    { header: 'handled_by', cell: (r) => textCell(r.handler?.name) },
    { header: 'comment', cell: (r) => textCell(handled(r).comment) },
  ];
}
