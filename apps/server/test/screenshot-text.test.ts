import { describe, expect, it } from 'vitest';
import { type OcrLine, type OcrWord, paidAmountOf, readPayment, referenceOf } from '../src/lib/screenshot-text';

/**
 * Issue 54 item 5: the amount and the reference found in OCR's words (lib/screenshot-text.ts),
 * from words as Tesseract's English model reads a payment app's receipt: it has no ₹ and reads
 * the sign as a letter, a symbol, a digit, or together with the first digit.
 */

/** A word of `height` px whose glyphs are `width` px wide, the first `first` px. */
function word(text: string, height = 20, width = 12, first = width): OcrWord {
  return { text, height, symbols: [...text].map((c, i) => ({ text: c, width: i === 0 ? first : width })) };
}
const line = (...words: (OcrWord | string)[]): OcrLine => ({ words: words.map((w) => (typeof w === 'string' ? word(w) : w)) });

describe('the reference', () => {
  it('a labelled 12-digit number, on its line or the line after the label', () => {
    expect(referenceOf([line('UTR:', '820063113495')])).toBe('820063113495');
    expect(referenceOf([line('UPI', 'transaction', 'ID'), line('509897099440')])).toBe('509897099440');
    expect(referenceOf([line('UPI', 'Ref', 'No:', '191982419687')])).toBe('191982419687');
  });

  it('a labelled one before an unlabelled one; an unlabelled one when nothing is labelled', () => {
    expect(referenceOf([line('Order', '111122223333'), line('UTR', 'Number'), line('403398673242')])).toBe('403398673242');
    expect(referenceOf([line('Paid', 'to', 'someone'), line('403398673242')])).toBe('403398673242');
  });

  it('not a longer id or a shorter number; letters read for digits are digits', () => {
    expect(referenceOf([line('Order', 'ID:', '54577569301099'), line('Ref', '12345678901')])).toBeNull();
    expect(referenceOf([line('T2602100341022799722426')])).toBeNull();
    expect(referenceOf([line('UTR:', '82O063113495.')])).toBe('820063113495');
  });
});

describe('the amount', () => {
  it('the sign read as a letter or symbol, one or two of them', () => {
    expect(paidAmountOf([line(word('X5,000', 55))])).toBe(500000n);
    expect(paidAmountOf([line(word('£300', 37))])).toBe(30000n);
    expect(paidAmountOf([line('Amount', word('%¥5,000.16', 23))])).toBe(500016n);
    expect(paidAmountOf([line('₹', word('1,50,000', 30))])).toBe(15000000n);
    expect(paidAmountOf([line(word('Rs.250', 30))])).toBe(25000n);
  });

  it('the sign read as a digit: a number that is no amount with it, or any number in front of an amount', () => {
    expect(paidAmountOf([line(word('3200', 61))])).toBe(20000n);
    expect(paidAmountOf([line(word('36,211', 92, 53, 60))])).toBe(621100n);
    expect(paidAmountOf([line('Amount', word('36,070.22', 18, 10, 14))])).toBe(607022n);
  });

  it('the sign and the first digit read as one wide digit: the digit kept', () => {
    expect(paidAmountOf([line('Amount'), line(word('2,000.34', 19, 12, 29))])).toBe(200034n);
  });

  it('the headline (tallest) amount, a labelled one first', () => {
    expect(paidAmountOf([line(word('$6,203', 25)), line('ICICI', 'Bank', '«+9003', word('26,203', 20))])).toBe(620300n);
    expect(paidAmountOf([line(word('X9,999', 60)), line('Amount', word('₹1,234.50', 20))])).toBe(123450n);
  });

  it('not a time, a date, a battery, an account’s last digits or a bare number without a sign', () => {
    expect(
      paidAmountOf([
        line('21:14', word('83%', 15), '24', 'Apr', '2026,'),
        line('18/03/2026', '15:02:50'),
        line('HDFC', 'Bank', '«+4529', '©9588', '#9189'),
        line('Order', 'ID:', '0311030640503'),
      ]),
    ).toBeNull();
  });
});

describe('a whole receipt', () => {
  it('both, from the lines of a bank page', () => {
    expect(
      readPayment([
        line('Bharat', 'National', 'Bank'),
        line('(/]', 'Transaction', 'Successful'),
        line('Amount', word('%4,769.93', 22)),
        line('Date', '&', 'Time', '20/02/2026', '05:23:55'),
        line('UTR', 'Number', '624137939936'),
        line('Debit', 'Account', 'Punjab', 'National', 'Bank', '«+6298'),
      ]),
    ).toEqual({ amount: 476993n, reference: '624137939936' });
  });

  it('nothing when the picture shows neither', () => {
    expect(readPayment([line('Hello'), line('world')])).toEqual({ amount: null, reference: null });
  });
});
