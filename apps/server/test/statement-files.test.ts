import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATEMENT_PRESETS, type StatementMapping, type StatementPreset } from '@iddesk/contract';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localize } from '../src/lib/i18n';
import { type ParsedLine, parseStatement, sniffFormat, StatementFileError } from '../src/modules/statements/parse';
import { extractReference, lineReference } from '../src/modules/statements/reference';

/**
 * Issue 54 item 1: bank statement files read into lines (docs/product.md "Bank statements").
 * The samples under fixtures/statements are each preset bank's export layout (preamble,
 * header, lines, footer) as CSV and XLSX, and an MT940 file: the same six lines in each.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures/statements');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const NO_MAPPING: StatementMapping = {} as StatementMapping;

/** The six lines every sample holds: day, direction, amount in paise, reference, balance. */
const SAMPLE_LINES = [
  ['2026-11-01', 'credit', 50_000n, '496656515397', 10_050_000n],
  ['2026-11-01', 'credit', 125_050n, '612345678901', 10_175_050n],
  ['2026-11-02', 'debit', 200_000n, 'SBIN126306000123', 9_975_050n],
  ['2026-11-02', 'credit', 30_000n, '630112223334', 10_005_050n],
  ['2026-11-03', 'credit', 1_000_000n, 'HDFCN52026110312345', 11_005_050n],
  ['2026-11-03', 'credit', 75_000n, '631598765432', 11_080_050n],
] as const;

const essentials = (lines: ParsedLine[]) => lines.map((l) => [l.day, l.direction, l.amount, l.reference, l.balance]);

describe('issue 54 item 1: each preset reads its bank’s export, CSV and XLSX', () => {
  for (const bank of Object.keys(STATEMENT_PRESETS) as StatementPreset[]) {
    it(`${bank}: the CSV and the XLSX give the same six lines, with the same keys`, async () => {
      const mapping = STATEMENT_PRESETS[bank] as StatementMapping;
      const csv = await parseStatement(fixture(`${bank}.csv`), mapping);
      const xlsx = await parseStatement(fixture(`${bank}.xlsx`), mapping);
      expect(csv.format).toBe('csv');
      expect(xlsx.format).toBe('xlsx');
      expect(essentials(csv.lines)).toEqual(SAMPLE_LINES);
      expect(essentials(xlsx.lines)).toEqual(SAMPLE_LINES);
      // One real line is one key, whichever file it came in.
      expect(xlsx.lines.map((l) => l.key)).toEqual(csv.lines.map((l) => l.key));
      // Where each line was: its file line (CSV) or sheet row (XLSX), after the preamble.
      expect(csv.lines[0]!.sourceLine).toBeGreaterThan(1);
      expect(new Set(csv.lines.map((l) => l.key)).size).toBe(6);
    });
  }

  it('MT940: the same six lines, with the running balance from the opening balance', async () => {
    const file = fixture('statement.mt940');
    expect(sniffFormat(file)).toBe('mt940');
    const parsed = await parseStatement(file, NO_MAPPING);
    expect(parsed.format).toBe('mt940');
    expect(essentials(parsed.lines)).toEqual(SAMPLE_LINES);
    expect(parsed.lines.map((l) => l.sourceLine)).toEqual([6, 8, 10, 12, 14, 16]);
  });

  it('the same file read twice gives the same keys; two identical lines in one file are two keys', async () => {
    const csv = [
      'Date,Narration,Withdrawal Amt.,Deposit Amt.',
      '01/11/26,CASH DEPOSIT BY SELF,,500.00',
      '01/11/26,CASH DEPOSIT BY SELF,,500.00',
      '02/11/26,CASH DEPOSIT BY SELF,,500.00',
    ].join('\n');
    const mapping = { ...STATEMENT_PRESETS.hdfc, reference_column: undefined, balance_column: undefined } as StatementMapping;
    const first = await parseStatement(Buffer.from(csv), mapping);
    const again = await parseStatement(Buffer.from(csv), mapping);
    expect(first.lines.map((l) => l.key)).toEqual(again.lines.map((l) => l.key));
    expect(new Set(first.lines.map((l) => l.key)).size).toBe(3);
    // An overlapping file (the second of the two identical lines is in it too) gives its keys again.
    const overlapping = await parseStatement(Buffer.from(csv.split('\n').slice(0, 3).join('\n')), mapping);
    expect(overlapping.lines.map((l) => l.key)).toEqual(first.lines.slice(0, 2).map((l) => l.key));
  });
});

describe('issue 54 item 1: a bad file names its line and column, and is refused whole', () => {
  const refused = async (file: Buffer, mapping: StatementMapping): Promise<string> => {
    const error = await parseStatement(file, mapping).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StatementFileError);
    // The message as the answer writes it (in English here).
    return localize((error as Error).message, 'en');
  };
  const sbi = STATEMENT_PRESETS.sbi as StatementMapping;

  it('a date that does not read: the line, the column and the format', async () => {
    const broken = fixture('sbi.csv').toString('utf8').replace('2 Nov 2026,2 Nov 2026,BY', '31 Feb 2026,2 Nov 2026,BY');
    expect(await refused(Buffer.from(broken), sbi)).toBe(
      'Line 15, column “Txn Date”: “31 Feb 2026” is not a date written as d MMM yyyy. Nothing from this file was stored.',
    );
  });

  it('an amount that does not read', async () => {
    const broken = fixture('sbi.csv').toString('utf8').replace(',,300.00,', ',,3OO.00,');
    expect(await refused(Buffer.from(broken), sbi)).toBe(
      'Line 15, column “Credit”: “3OO.00” is not an amount. Nothing from this file was stored.',
    );
  });

  it('a header that is not there names the columns looked for', async () => {
    const message = await refused(fixture('sbi.csv'), STATEMENT_PRESETS.hdfc as StatementMapping);
    expect(message).toContain('“Date”, “Deposit Amt.”, “Withdrawal Amt.”, “Narration”, “Chq./Ref.No.”, “Closing Balance”');
  });

  it('an XLSX cell names its row and column letter', async () => {
    const message = await refused(fixture('icici.xlsx'), { ...(STATEMENT_PRESETS.icici as StatementMapping), date_column: 'S No.' });
    expect(message).toBe('Row 5, column A (“S No.”): “1” is not a date written as dd/MM/yyyy. Nothing from this file was stored.');
  });

  it('a broken MT940 file', async () => {
    const broken = fixture('statement.mt940').toString('utf8').replace(':62F:C261103INR110800,50', ':62F:C261103INR110000,00');
    expect(await refused(Buffer.from(broken), NO_MAPPING)).toMatch(/^The MT940 file could not be read: .*turnover/);
  });

  it('a line with an amount in both columns', async () => {
    const broken = fixture('axis.csv').toString('utf8').replace(',,300.00,', ',1.00,300.00,');
    expect(await refused(Buffer.from(broken), STATEMENT_PRESETS.axis as StatementMapping)).toBe(
      'Line 8: both “CR” and “DR” hold an amount. Nothing from this file was stored.',
    );
  });
});

/* ---------- properties ---------- */

const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const rrn = digits(12);
const neftUtr = fc
  .tuple(fc.constantFrom('HDFC', 'SBIN', 'ICIC', 'UTIB', 'KKBK'), fc.constantFrom('N', 'R', 'H'), digits(11))
  .map(([bank, kind, rest]) => `${bank}${kind}5${rest}`);
const word = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')), minLength: 2, maxLength: 10 });
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
/** A UPI id: letters and digits (a 12-digit phone among them) at a handle. */
const vpa = fc
  .tuple(fc.oneof(word.map((w) => w.toLowerCase()), digits(10), digits(12)), fc.constantFrom('okicici', 'oksbi', 'ybl', 'paytm', 'okhdfcbank'))
  .map(([user, handle]) => `${user}@${handle}`);
/** What a customer writes as the payment's note: anything, digits included (after the reference). */
const note = fc.oneof(word, digits(12), fc.constant('Payment from Ph'), fc.constant('NA'));
const ifsc = fc.tuple(fc.constantFrom('HDFC', 'SBIN', 'ICIC'), digits(6)).map(([b, d]) => `${b}0${d}`);

const UPI_TEMPLATES = [
  (r: string, n: string, v: string, x: string) => `UPI/${r}/${x}/${v}/ICICI Bank`,
  (r: string, n: string, v: string, x: string) => `BY TRANSFER-UPI/CR/${r}/${n}/SBIN/${v}/${x}`,
  (r: string, n: string, v: string, x: string) => `UPI-${n}-${v}-HDFC0001234-${r}-${x}`,
  (r: string, n: string, _v: string, x: string) => `UPI/P2A/${r}/${n}/HDFC BANK/${x}`,
  (r: string, n: string) => `MMT/IMPS/${r}/${n}/HDFC0000123`,
  (r: string, n: string, _v: string, x: string) => `IMPS-${r}-${n}-KKBK-XXXXXXX1234-${x}`,
  (r: string, n: string, _v: string, x: string) => `UPI/${n}/${r}/${x}`,
];

describe('issue 54 item 1: the reference in a narration (properties)', () => {
  it('a UPI or IMPS line gives its 12-digit reference, whatever the names, UPI ids and notes around it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UPI_TEMPLATES), rrn, name, vpa, note, (template, reference, who, id, text) => {
        expect(extractReference(template(reference, who, id, text))).toBe(reference);
      }),
      { numRuns: 500 },
    );
  });

  it('a NEFT or RTGS line gives its UTR, not the IFSC or the names', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          (u: string, n: string, i: string) => `NEFT-${u}-${n}-${i}`,
          (u: string, n: string, i: string) => `NEFT CR-${i}-${n}-${u}`,
          (u: string, n: string, i: string) => `BY TRANSFER-NEFT*${i}*${u}*${n}`,
          (u: string, n: string, i: string) => `RTGS/${u}/${n}/${i}`,
        ),
        neftUtr,
        name,
        ifsc,
        (template, utr, who, code) => {
          expect(extractReference(template(utr, who, code))).toBe(utr);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a narration naming no channel has no reference, whatever digits it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(word.filter((w) => !['UPI', 'IMPS', 'MMT', 'NEFT', 'RTGS'].includes(w)), digits(12)), { maxLength: 6 }), (parts) => {
        expect(extractReference(parts.join('/'))).toBeNull();
      }),
    );
  });

  it('what is extracted is always a whole token of the narration', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const found = extractReference(text);
        if (found !== null) expect(text.toUpperCase()).toContain(found);
      }),
    );
  });

  it('without one in the narration, the reference column’s, unless it is a cheque column’s dash or zero', () => {
    expect(lineReference('CASH DEPOSIT', '0000496656515397')).toBe('0000496656515397');
    expect(lineReference('CASH DEPOSIT', '-')).toBeNull();
    expect(lineReference('CASH DEPOSIT', '000000')).toBeNull();
    expect(lineReference('UPI/496656515397/x', 'TRANSFER FROM 99509044300')).toBe('496656515397');
  });
});

describe('issue 54 item 1: a CSV written in a preset’s layout reads back (properties)', () => {
  const line = fc.record({
    day: fc.date({ min: new Date(Date.UTC(2020, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true }),
    credit: fc.boolean(),
    paise: fc.bigInt({ min: 1n, max: 10_00_00_000_00n }),
    reference: rrn,
    who: name,
  });
  const rupees = (p: bigint, grouped: boolean) => {
    const whole = (p / 100n).toString();
    const text = grouped ? whole.replace(/(\d)(?=(\d\d)+\d$)/g, '$1,') : whole;
    return `${text}.${(p % 100n).toString().padStart(2, '0')}`;
  };
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  it('SBI layout (d MMM yyyy, Indian grouping, split columns): every line’s day, direction, amount and reference', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 30 }), fc.boolean(), async (lines, grouped) => {
        const rows = lines.map((l) => [
          `${l.day.getUTCDate()} ${months[l.day.getUTCMonth()]} ${l.day.getUTCFullYear()}`,
          '',
          `BY TRANSFER-UPI/CR/${l.reference}/${l.who}/SBIN/x@oksbi/UPI`,
          'TRANSFER FROM 1',
          '1234',
          l.credit ? '' : rupees(l.paise, grouped),
          l.credit ? rupees(l.paise, grouped) : '',
          '',
        ]);
        const file = stringify([['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Branch Code', 'Debit', 'Credit', 'Balance'], ...rows]);
        const parsed = await parseStatement(Buffer.from(file), STATEMENT_PRESETS.sbi as StatementMapping);
        expect(parsed.lines.map((p) => [p.day, p.direction, p.amount, p.reference])).toEqual(
          lines.map((l) => [l.day.toISOString().slice(0, 10), l.credit ? 'credit' : 'debit', l.paise, l.reference]),
        );
      }),
      { numRuns: 60 },
    );
  });
});
