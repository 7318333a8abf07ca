import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** Rows are read this many at a time (keyset pages), so an export never holds the whole list. */
export const CSV_CHUNK = 500;

/**
 * Every row of a list, page after page by id (`after` the last id seen), as an async stream:
 * the export reads the next page only when the client has taken the previous one.
 */
export async function* keysetRows<T extends { id: number }>(
  page: (afterId: number | null, size: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let after: number | null = null;
  for (;;) {
    const rows = await page(after, CSV_CHUNK);
    yield* rows;
    if (rows.length < CSV_CHUNK) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A phone as the accounts store it: "+" and 7 to 15 digits (E.164), nothing else. */
const STORED_PHONE = /^\+\d{7,15}$/;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote,
 * except a phone in its stored form ("+919876543210"): "+" and digits alone hold no formula a
 * spreadsheet could run (no function, no reference), a spreadsheet reads it as the number, and
 * anything else reads the phone as written, without a stray quote (issue 56).
 */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (STORED_PHONE.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** "2026-11-24 19:35:03" in the time zone: what an accountant's spreadsheet reads as a time. */
export function timeCell(value: Date | null, timeZone: string): string {
  if (value === null) return '';
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(value);
}

/**
 * Answer with a CSV download, streamed through csv-stringify (RFC 4180 quoting) as rows come:
 * a header line, then one line per row.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: { header: string; cell: (row: T) => string | number }[],
  rows: AsyncIterable<T>,
): FastifyReply {
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => c.cell(row));
    })(),
  );
  const lines = stringify({ header: true, columns: columns.map((c) => c.header) });
  // A database error halfway aborts the download rather than ending it as if complete.
  source.on('error', (error) => lines.destroy(error));
  source.pipe(lines);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(lines);
}
