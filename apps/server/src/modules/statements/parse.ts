import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  type MessageKey,
  type MessageValues,
  readAmount,
  STATEMENT_UPLOAD,
  type StatementFormat,
  type StatementMapping,
} from '@iddesk/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import { isValid, parse as parseDate } from 'date-fns';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { t } from '../../lib/i18n';
import { lineReference } from './reference';

/**
 * Issue 54: a bank statement file read into lines, all or nothing. CSV (csv-parse), XLSX
 * (read-excel-file) and MT940 (mt940js) are read by their libraries; what is ours is the
 * mapping of a bank's columns onto a line, and a message naming the line and the column of
 * anything that does not read. Amounts are read as text into paise (the contract's
 * `readAmount`), never through a float, except MT940's, which mt940js gives as numbers rounded
 * to the paisa.
 */

export type ParsedLine = {
  /** The file's line (CSV, MT940) or row (XLSX), from 1. */
  sourceLine: number;
  /** YYYY-MM-DD. */
  day: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  narration: string;
  reference: string | null;
  balance: bigint | null;
  /** Unique per account for one real line: what the same line in another file hashes to as well. */
  key: string;
};

export type ParsedStatement = { format: StatementFormat; lines: ParsedLine[] };

/** A file that does not read: 422 on the form's file field with this message. */
export class StatementFileError extends Error {}

const fail = (key: MessageKey, values?: MessageValues): never => {
  throw new StatementFileError(t(key, values));
};

/** XLSX is a zip (PK…); MT940 has its tags; anything else is read as CSV. */
export function sniffFormat(file: Buffer): StatementFormat {
  if (file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  const head = file.subarray(0, 4096).toString('latin1');
  return /^:20:/m.test(head) && /^:(25|60[FM]):/m.test(head) ? 'mt940' : 'csv';
}

/** UTF-8 when the bytes are UTF-8 (a BOM dropped), else Windows-1252, as older exports write. */
function decodeText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

export async function parseStatement(file: Buffer, mapping: StatementMapping): Promise<ParsedStatement> {
  const format = sniffFormat(file);
  const lines =
    format === 'mt940' ? readMt940(decodeText(file)) : format === 'xlsx' ? await readXlsx(file, mapping) : readCsv(decodeText(file), mapping);
  if (lines.length === 0) fail('api.statements.file.empty');
  return { format, lines: withKeys(lines) };
}

/* ---------- keys: one real line, one key ---------- */

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * Each line's key: a hash of its day, direction, amount, narration, reference and balance, and
 * how many identical lines came before it in this file. Two genuinely identical lines (a bank
 * that writes no balance, two equal payments in a day) are two keys; the same file, or an
 * overlapping one, gives the same keys again, so nothing is added twice.
 */
function withKeys(lines: Omit<ParsedLine, 'key'>[]): ParsedLine[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const content = JSON.stringify([line.day, line.direction, String(line.amount), normalised(line.narration), line.reference ?? '', line.balance === null ? '' : String(line.balance)]);
    const hash = createHash('sha256').update(content).digest('base64url');
    const nth = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, nth);
    return { ...line, key: `${hash}:${nth}` };
  });
}

/* ---------- a table of cells: CSV and XLSX ---------- */

type Cell = string | number | boolean | Date | null;
type Table = { rows: Cell[][]; rowNumbers: number[]; kind: 'csv' | 'xlsx' };

const HEADER_SEARCH_ROWS = 30;
const headerText = (cell: Cell) => (typeof cell === 'string' ? normalised(cell) : '');

/** `A`, `B`, …, `AA` for a column index from 0. */
const columnLetter = (index: number): string =>
  (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/** Delimiters banks' CSV exports use, tried in this order until one shows the header. */
const CSV_DELIMITERS = [',', ';', '\t'];

function readCsv(text: string, mapping: StatementMapping): Omit<ParsedLine, 'key'>[] {
  let firstProblem: StatementFileError | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    let records: { record: string[]; info: { lines: number } }[];
    try {
      records = parseCsv(text, {
        bom: true,
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
        info: true,
      }) as unknown as { record: string[]; info: { lines: number } }[];
    } catch (error) {
      const line = (error as { lines?: number }).lines;
      const detail = `${line ? `line ${line}: ` : ''}${(error as Error).message}`;
      firstProblem ??= new StatementFileError(t('api.statements.file.unreadable', { format: 'CSV', detail }));
      continue;
    }
    const table: Table = { rows: records.map((r) => r.record), rowNumbers: records.map((r) => r.info.lines), kind: 'csv' };
    const header = headerRow(table, mapping);
    if (header < 0) {
      firstProblem ??= noHeader(mapping);
      continue;
    }
    return readTable(table, header, mapping);
  }
  throw firstProblem!;
}

/** An XLSX unpacks to at most this much: a small file that inflates to gigabytes is refused unread. */
const XLSX_UNPACKED_MAX = 64 * 1024 * 1024;

async function readXlsx(file: Buffer, mapping: StatementMapping): Promise<Omit<ParsedLine, 'key'>[]> {
  let unpacked = 0;
  try {
    // Reads the zip's directory only (every file filtered out): its sizes, before inflating anything.
    unzipSync(file, {
      filter: (entry) => {
        unpacked += entry.originalSize;
        return false;
      },
    });
  } catch (error) {
    fail('api.statements.file.unreadable', { format: 'XLSX', detail: (error as Error).message });
  }
  if (unpacked > XLSX_UNPACKED_MAX) fail('api.statements.file.unreadable', { format: 'XLSX', detail: 'too large once unpacked' });
  let rows: Cell[][];
  try {
    // Numbers as the sheet stores them (text), so an amount is never a float on the way.
    rows = (await readSheet(file, { parseNumber: (text: string) => text })) as unknown as Cell[][];
  } catch (error) {
    return fail('api.statements.file.unreadable', { format: 'XLSX', detail: (error as Error).message });
  }
  const table: Table = { rows, rowNumbers: rows.map((_, index) => index + 1), kind: 'xlsx' };
  const header = headerRow(table, mapping);
  if (header < 0) throw noHeader(mapping);
  return readTable(table, header, mapping);
}

/** The columns a mapping names, by role. */
function wantedColumns(mapping: StatementMapping) {
  return {
    date: mapping.date_column,
    credit: mapping.amount_style === 'split' ? mapping.credit_column : undefined,
    debit: mapping.amount_style === 'split' ? mapping.debit_column : undefined,
    amount: mapping.amount_style === 'split' ? undefined : mapping.amount_column,
    indicator: mapping.amount_style === 'indicator' ? mapping.indicator_column : undefined,
    narration: mapping.narration_column,
    reference: mapping.reference_column,
    balance: mapping.balance_column,
  };
}
const namedColumns = (mapping: StatementMapping) =>
  Object.values(wantedColumns(mapping)).filter((name): name is string => Boolean(name));

/** The header: the first of the first rows holding every named column; -1 when none does. */
function headerRow(table: Table, mapping: StatementMapping): number {
  const names = namedColumns(mapping).map(normalised);
  return table.rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => {
    const texts = row.map(headerText);
    return names.every((name) => texts.includes(name));
  });
}

const noHeader = (mapping: StatementMapping) =>
  new StatementFileError(
    t('api.statements.file.noHeader', { columns: namedColumns(mapping).map((n) => `“${n}”`).join(', '), rows: HEADER_SEARCH_ROWS }),
  );

function readTable(table: Table, headerAt: number, mapping: StatementMapping): Omit<ParsedLine, 'key'>[] {
  const wanted = wantedColumns(mapping);
  const header = table.rows[headerAt]!.map(headerText);
  // The first column of that name (Kotak writes "Dr / Cr" twice: the amount's, then the balance's).
  const index = (name: string | undefined) => (name ? header.indexOf(normalised(name)) : -1);
  const at = Object.fromEntries(Object.entries(wanted).map(([field, name]) => [field, index(name)])) as Record<keyof typeof wanted, number>;

  const lines: Omit<ParsedLine, 'key'>[] = [];
  // Banks end the lines with a blank row, then a summary or notes ("Opening Balance", totals, "**
  // computer generated statement"): after a blank row, a row whose date does not read is skipped.
  // Before it, such a row with an amount is a line that does not read, and refuses the file.
  let afterBlank = false;
  for (let r = headerAt + 1; r < table.rows.length; r += 1) {
    const row = table.rows[r]!;
    if (row.every((c) => cellText(c) === '')) {
      afterBlank = lines.length > 0;
      continue;
    }
    const line = table.rowNumbers[r]!;
    const cell = (i: number): Cell => (i < 0 ? null : (row[i] ?? null));
    const text = (i: number) => cellText(cell(i));
    // Where a cell is, for a message: its line (CSV) or row and column letter (XLSX), and header.
    const where = (i: number) => ({ kind: table.kind, line, letter: columnLetter(i), column: cellText(table.rows[headerAt]![i] ?? null) });
    const amounts = [at.credit, at.debit, at.amount].filter((i) => i >= 0 && text(i) !== '');
    const dateCell = cell(at.date);
    // Blank lines, page footers and summaries: no date and no amount.
    if ((dateCell === null || cellText(dateCell) === '') && amounts.length === 0) continue;
    const day = readDay(dateCell, mapping.date_format!);
    if (day === null) {
      // A note among the lines (no amount), or the summary under them.
      if (amounts.length === 0 || afterBlank) continue;
      fail('api.statements.file.badDate', { ...where(at.date), value: cellText(dateCell), format: mapping.date_format! });
    }
    const amountAt = (i: number): bigint | null => {
      const value = text(i);
      if (value === '') return null;
      const minor = readMoney(value);
      if (minor === null) fail('api.statements.file.badAmount', { ...where(i), value });
      return minor;
    };
    let direction: 'credit' | 'debit';
    let amount: bigint | null;
    if (mapping.amount_style === 'split') {
      const credit = amountAt(at.credit);
      const debit = amountAt(at.debit);
      if ((credit ?? 0n) !== 0n && (debit ?? 0n) !== 0n) {
        fail('api.statements.file.bothAmounts', { line, credit: mapping.credit_column!, debit: mapping.debit_column! });
      }
      direction = (credit ?? 0n) !== 0n ? 'credit' : 'debit';
      amount = direction === 'credit' ? credit : debit;
    } else {
      const signed = readSigned(text(at.amount));
      if (signed === null) fail('api.statements.file.badAmount', { ...where(at.amount), value: text(at.amount) });
      amount = signed! < 0n ? -signed! : signed!;
      if (mapping.amount_style === 'signed') direction = signed! < 0n ? 'debit' : 'credit';
      else {
        const marker = normalised(text(at.indicator));
        if (marker === normalised(mapping.credit_marker!)) direction = 'credit';
        else if (/^(DR|D|DEBIT|WITHDRAWAL)\.?$/.test(marker)) direction = 'debit';
        else return fail('api.statements.file.badMarker', { ...where(at.indicator), value: text(at.indicator), credit: mapping.credit_marker! });
      }
    }
    if (amount === null || amount === 0n) fail('api.statements.file.noAmount', { line });
    const balanceText = text(at.balance);
    const balance = balanceText === '' ? null : readSigned(balanceText.replace(/\s*(CR|DR)\.?$/i, ''));
    if (balanceText !== '' && balance === null) fail('api.statements.file.badAmount', { ...where(at.balance), value: balanceText });
    const narration = text(at.narration);
    lines.push({ sourceLine: line, day: day!, direction: direction!, amount: amount!, narration, reference: lineReference(narration, at.reference < 0 ? null : text(at.reference)), balance });
    if (lines.length > STATEMENT_UPLOAD.maxLines) fail('api.statements.file.tooManyLines', { max: STATEMENT_UPLOAD.maxLines });
  }
  return lines;
}

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).replace(/\s+/g, ' ').trim();
}

/** A day from a date cell (an XLSX date is a date already) in the mapping's format. */
function readDay(cell: Cell, format: string): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  const text = cellText(cell);
  if (text === '') return null;
  // A time after the date ("01/11/2026 14:05:33") is not the day's.
  const parsed = parseDate(text.split(' ').slice(0, format.split(' ').length).join(' '), format, new Date(Date.UTC(2000, 0, 1)));
  if (!isValid(parsed) || parsed.getFullYear() < 2000 || parsed.getFullYear() > 2100) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

/** `1,23,456.78`, `₹ 500.00`, `INR 500`: paise, or null when it is no amount. */
function readMoney(text: string): bigint | null {
  const cleaned = text.replace(/^(INR|RS\.?|₹)\s*/i, '').replace(/,/g, '').replace(/\s+/g, '');
  const reading = readAmount(cleaned);
  return reading.ok ? reading.minor : null;
}

/** An amount that may be negative (`-500.00`, `(500.00)`, `500.00-`). */
function readSigned(text: string): bigint | null {
  const trimmed = text.trim();
  const negative = /^[-−]|^\(.*\)$|-$/.test(trimmed);
  const minor = readMoney(trimmed.replace(/^[-−(]|[)-]$/g, ''));
  return minor === null ? null : negative ? -minor : minor;
}

/* ---------- MT940 ---------- */

/** The part of mt940js's API read here (its README; the package ships no types). */
type Mt940 = { Parser: new () => { parse(text: string): unknown[] } };
const { Parser: Mt940Parser } = createRequire(import.meta.url)('mt940js') as Mt940;

type Mt940Transaction = { date: Date; amount: number; details: string; reference: string; bankReference?: string };
type Mt940Statement = { openingBalance: number; transactions: Mt940Transaction[] };

const paise = (amount: number) => BigInt(Math.round(amount * 100));

function readMt940(text: string): Omit<ParsedLine, 'key'>[] {
  const fileLines = text.split(/\r?\n/);
  let statements: Mt940Statement[];
  try {
    statements = new Mt940Parser().parse(text) as Mt940Statement[];
  } catch (error) {
    const detail = (error as Error).message;
    // mt940js names the tag's text it could not read: find its line.
    const quoted = /: (.+)$/.exec(detail)?.[1];
    const at = quoted ? fileLines.findIndex((l) => l.includes(quoted.split('\n')[0]!)) : -1;
    return fail('api.statements.file.mt940', { detail: at >= 0 ? `line ${at + 1}: ${detail}` : detail });
  }
  // Each :61: line, in order, is one transaction.
  const tagLines = fileLines.flatMap((l, i) => (l.startsWith(':61:') ? [i + 1] : []));
  const lines: Omit<ParsedLine, 'key'>[] = [];
  let n = 0;
  for (const statement of statements) {
    let balance = paise(statement.openingBalance);
    for (const tx of statement.transactions) {
      const amount = paise(tx.amount);
      balance += amount;
      const narration = [tx.details.replace(/\n/g, ' '), tx.bankReference ?? ''].join(' ').trim();
      const ownReference = tx.reference && tx.reference !== 'NONREF' ? tx.reference : null;
      lines.push({
        sourceLine: tagLines[n] ?? 0,
        day: tx.date.toISOString().slice(0, 10),
        direction: amount < 0n ? 'debit' : 'credit',
        amount: amount < 0n ? -amount : amount,
        narration,
        reference: lineReference(narration, ownReference),
        balance,
      });
      n += 1;
      if (lines.length > STATEMENT_UPLOAD.maxLines) fail('api.statements.file.tooManyLines', { max: STATEMENT_UPLOAD.maxLines });
    }
  }
  return lines.filter((line) => line.amount !== 0n);
}
