import { afterEach, describe, expect, it } from 'vitest';
import { AddFundsBodySchema, AmountInputSchema, DEFAULT_MONEY_LIMITS } from '@iddesk/contract';
import { amountInputError, exceedsBalance, limitedAmountField, normaliseAmount } from './amount';
import { activateLocale } from './i18n';
import { formatSignedMoney } from './money';

describe('amount input', () => {
  it('accepts whole rupees, paise and Indian grouping commas', () => {
    expect(amountInputError('1500')).toBeNull();
    expect(amountInputError('1,500.5')).toBeNull();
    expect(normaliseAmount('1,500.5')).toBe('1500.50');
    expect(normaliseAmount(' 0.01 ')).toBe('0.01');
  });

  it('explains what is wrong', () => {
    expect(amountInputError('  ')).toBe('Enter the amount.');
    expect(amountInputError('0.00')).toBe('The amount must be greater than zero.');
    // Issue 17: each message says what is wrong, as the server's do.
    expect(amountInputError('1.999')).toBe('The amount can have at most two decimals (paise), like 1500.50.');
    expect(amountInputError('1e3')).toBe('Enter the amount in digits, like 1500 or 1500.50.');
    expect(amountInputError('-5')).toBe('The amount must be greater than zero; leave out the minus sign.');
    expect(amountInputError('1,00,00,00,00,000.00')).toBe('The amount is too large: at most ₹10,00,00,000.00.');
  });

  it('holds an operation to the owners’ limits once they are known, naming the limit in rupees', () => {
    const limits = { ...DEFAULT_MONEY_LIMITS, add_funds: { min: '100.00', max: '200000.00' } };
    const field = limitedAmountField(limits, 'add_funds');
    expect(field.safeParse('99.99').error?.issues[0]?.message).toBe('The amount must be at least ₹100.00.');
    expect(field.safeParse('2,00,000.01').error?.issues[0]?.message).toBe('The amount may be at most ₹2,00,000.00.');
    expect(field.parse('2,00,000')).toBe('200000.00');
    // Before the settings arrive only the amount rules apply; the server has the last word.
    expect(limitedAmountField(undefined, 'add_funds').parse('1')).toBe('1.00');
  });

  it('compares with the balance in paise (bigint), to the last paisa', () => {
    expect(exceedsBalance('0.30', '0.30')).toBe(false);
    expect(exceedsBalance('0.31', '0.30')).toBe(true);
    expect(exceedsBalance('99999999.99', '99999999.98')).toBe(true);
    expect(exceedsBalance('abc', '10.00')).toBe(false);
    expect(exceedsBalance('5', undefined)).toBe(false);
  });
});

describe('amount messages in Hindi (issue 18)', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it("the contract's amount schema says what is wrong in the page's language, naming the limit", async () => {
    await activateLocale('hi');
    expect(AmountInputSchema.safeParse('100000000000').error?.issues[0]?.message).toBe(
      'रकम बहुत बड़ी है: ज़्यादा से ज़्यादा ₹10,00,00,000.00 हो सकती है।',
    );
    expect(AmountInputSchema.safeParse('12.345').error?.issues[0]?.message).toBe(
      'रकम में दशमलव के बाद ज़्यादा से ज़्यादा दो अंक (पैसे) हो सकते हैं, जैसे 1500.50।',
    );
    expect(AmountInputSchema.safeParse('fifty').error?.issues[0]?.message).toBe('रकम अंकों में लिखें, जैसे 1500 या 1500.50।');
    const body = AddFundsBodySchema.safeParse({ amount: '0', payment_type_id: '', reference: '' });
    expect(body.error?.issues.map((issue) => issue.message)).toEqual([
      'रकम शून्य से ज़्यादा होनी चाहिए।',
      'भुगतान का तरीका चुनें।',
      'भुगतान का रेफ़रेंस (UTR) डालें।',
    ]);
    await activateLocale('en');
    expect(AmountInputSchema.safeParse('100000000000').error?.issues[0]?.message).toBe(
      'The amount is too large: at most ₹10,00,00,000.00.',
    );
  });

  it("the add-funds form's field and the owners' limits speak Hindi too", async () => {
    await activateLocale('hi');
    expect(amountInputError('1.999')).toBe('रकम में दशमलव के बाद ज़्यादा से ज़्यादा दो अंक (पैसे) हो सकते हैं, जैसे 1500.50।');
    const field = limitedAmountField(DEFAULT_MONEY_LIMITS, 'add_funds');
    expect(field.safeParse('99.99').error?.issues[0]?.message).toBe('रकम कम से कम ₹100.00 होनी चाहिए।');
    expect(field.safeParse('2,00,000.01').error?.issues[0]?.message).toBe('रकम ज़्यादा से ज़्यादा ₹2,00,000.00 हो सकती है।');
  });
});

describe('formatSignedMoney', () => {
  it('marks credits with + and debits with −', () => {
    expect(formatSignedMoney('100.00')).toBe('+₹100.00');
    expect(formatSignedMoney('-100.00')).toBe('−₹100.00');
    expect(formatSignedMoney('0.00')).toBe('₹0.00');
  });
});
