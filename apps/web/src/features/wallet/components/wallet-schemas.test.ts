import { DEFAULT_MONEY_LIMITS } from '@iddesk/contract';
import { describe, expect, it } from 'vitest';
import { addFundsFormSchema, withdrawFormSchema } from './wallet-schemas';

const WithdrawFormSchema = withdrawFormSchema();
/** Before the site settings arrive: the amount rules only. */
const AddFundsFormSchema = addFundsFormSchema(undefined);

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'pay.png', { type: 'image/png' });

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('AddFundsFormSchema', () => {
  const valid = {
    amount: '1,500.5',
    payment_type_id: '3',
    reference: ' UTR123 ',
    proof: png(2000),
  };

  it('turns the form into the add-funds call: wire amount, numeric type id, trimmed reference', () => {
    const out = AddFundsFormSchema.parse(valid);
    expect(out).toMatchObject({ amount: '1500.50', payment_type_id: 3, reference: 'UTR123' });
    expect(out.proof).toBe(valid.proof);
  });

  it.each([
    ['', 'Enter the amount.'],
    ['0', 'The amount must be greater than zero.'],
    ['-5', 'The amount must be greater than zero; leave out the minus sign.'],
    ['10.005', 'The amount can have at most two decimals (paise), like 1500.50.'],
    ['ten', 'Enter the amount in digits, like 1500 or 1500.50.'],
    ['1,00,00,00,00,000.00', 'The amount is too large: at most ₹10,00,00,000.00.'],
  ])('rejects the amount %j, saying what is wrong (issue 17)', (amount, message) => {
    expect(messages(AddFundsFormSchema.safeParse({ ...valid, amount })).amount).toBe(message);
  });

  it('holds the amount to the owners’ add-funds limits once the settings are known', () => {
    const limited = addFundsFormSchema(DEFAULT_MONEY_LIMITS);
    expect(messages(limited.safeParse({ ...valid, amount: '99' })).amount).toBe(
      'The amount must be at least ₹100.00.',
    );
    expect(messages(limited.safeParse({ ...valid, amount: '2,00,001' })).amount).toBe(
      'The amount may be at most ₹2,00,000.00.',
    );
    expect(limited.parse({ ...valid, amount: '2,00,000' }).amount).toBe('200000.00');
  });

  it('needs a payment type, a reference and a screenshot, and names each', () => {
    const result = messages(
      AddFundsFormSchema.safeParse({
        amount: '10',
        payment_type_id: '',
        reference: ' ',
        proof: null,
      }),
    );
    expect(result).toEqual({
      payment_type_id: 'Choose a payment type.',
      reference: 'Enter the payment reference (UTR).',
      proof: 'Attach a screenshot of the payment.',
    });
  });

  it('refuses a screenshot over 5 MB before uploading it', () => {
    const result = messages(
      AddFundsFormSchema.safeParse({ ...valid, proof: png(6 * 1024 * 1024) }),
    );
    expect(result.proof).toBe('The image may not be larger than 5 MB. This one is 6.0 MB.');
  });

  it('refuses a file that is not an image', () => {
    const pdf = new File(['%PDF'], 'pay.pdf', { type: 'application/pdf' });
    expect(messages(AddFundsFormSchema.safeParse({ ...valid, proof: pdf })).proof).toBe(
      'The file must be a JPEG, PNG or WebP image.',
    );
  });
});

describe('WithdrawFormSchema', () => {
  const base = { amount: '250', upi_id: '', account_holder: '', account_number: '', ifsc: '' };

  it('sends only the UPI ID for a UPI withdrawal', () => {
    const out = WithdrawFormSchema.parse({
      ...base,
      method: 'upi',
      upi_id: ' asha@okaxis ',
      account_number: 'left over from the bank tab',
    });
    expect(out).toEqual({ amount: '250.00', method: 'upi', upi_id: 'asha@okaxis' });
  });

  it('normalises bank details: spaces out of the account number, IFSC upper case', () => {
    const out = WithdrawFormSchema.parse({
      ...base,
      method: 'bank',
      upi_id: 'not checked',
      account_holder: 'Asha Rao',
      account_number: '1234 5678 9012',
      ifsc: 'sbin0001234',
    });
    expect(out).toEqual({
      amount: '250.00',
      method: 'bank',
      account_holder: 'Asha Rao',
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
    });
  });

  it('shows every missing bank field together with a bad amount', () => {
    const result = messages(
      WithdrawFormSchema.safeParse({ ...base, amount: '1.234', method: 'bank' }),
    );
    expect(Object.keys(result).sort()).toEqual([
      'account_holder',
      'account_number',
      'amount',
      'ifsc',
    ]);
    expect(result.ifsc).toBe('Enter the IFSC code.');
  });

  it('names a malformed UPI ID', () => {
    const result = messages(
      WithdrawFormSchema.safeParse({ ...base, method: 'upi', upi_id: 'asha' }),
    );
    expect(result).toEqual({ upi_id: 'Enter a valid UPI id, like name@bank.' });
  });

  it('refuses more than the available balance, to the paisa, alongside other problems', () => {
    const schema = withdrawFormSchema('200.00');
    expect(
      schema.safeParse({ ...base, method: 'upi', upi_id: 'a@okaxis', amount: '200' }).success,
    ).toBe(true);
    const result = messages(
      schema.safeParse({ ...base, method: 'upi', upi_id: '', amount: '200.01' }),
    );
    expect(result).toEqual({
      amount: 'That is more than your available balance of ₹200.00.',
      upi_id: 'Enter the UPI ID.',
    });
  });

  it('holds the amount to the owners’ withdrawal limits, naming them', () => {
    const schema = withdrawFormSchema('5000000.00', DEFAULT_MONEY_LIMITS);
    const upi = { ...base, method: 'upi' as const, upi_id: 'a@okaxis' };
    expect(messages(schema.safeParse({ ...upi, amount: '99.99' })).amount).toBe(
      'The amount must be at least ₹100.00.',
    );
    expect(messages(schema.safeParse({ ...upi, amount: '100000.01' })).amount).toBe(
      'The amount may be at most ₹1,00,000.00.',
    );
  });

  it('holds the amount to what is left of today’s payout total, in the server’s words', () => {
    // ₹1,50,000 asked today of the ₹2,00,000 a day: ₹50,000 left.
    const schema = withdrawFormSchema('5000000.00', DEFAULT_MONEY_LIMITS, '150000.00');
    const upi = { ...base, method: 'upi' as const, upi_id: 'a@okaxis' };
    expect(schema.safeParse({ ...upi, amount: '50,000' }).success).toBe(true);
    expect(messages(schema.safeParse({ ...upi, amount: '50000.01' })).amount).toBe(
      "That is over today's payout limit of ₹2,00,000.00: you can withdraw at most ₹50,000.00 more today.",
    );
    const spent = withdrawFormSchema('5000000.00', DEFAULT_MONEY_LIMITS, '200000.00');
    expect(messages(spent.safeParse({ ...upi, amount: '100' })).amount).toBe(
      "You have reached today's payout limit of ₹2,00,000.00. You can withdraw again tomorrow.",
    );
    // Over the balance too: the balance is the one message.
    const short = withdrawFormSchema('300.00', DEFAULT_MONEY_LIMITS, '200000.00');
    expect(messages(short.safeParse({ ...upi, amount: '400' })).amount).toBe(
      'That is more than your available balance of ₹300.00.',
    );
  });
});
