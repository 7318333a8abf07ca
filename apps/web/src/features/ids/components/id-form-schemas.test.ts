import { DEFAULT_MONEY_LIMITS } from '@iddesk/contract';
import { describe, expect, it } from 'vitest';
import {
  amountError,
  amountRangeHint,
  createIdFormSchema,
  depositFormSchema,
  walletState,
  type CreateIdFormValues,
} from './id-form-schemas';

const png = () => new File([new Uint8Array(2000)], 'pay.png', { type: 'image/png' });

const messages = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const limits = { minDeposit: '500.00', balance: '2000.00' };

const wallet: CreateIdFormValues = {
  username: ' rahul_99 ',
  amount: '1,000',
  pay_from: 'wallet',
  payment_type_id: '',
  reference: '',
  proof: null,
};

describe('amountError (minimum deposit)', () => {
  it('accepts the minimum itself, to the paisa', () => {
    expect(amountError('500', '500.00')).toBeNull();
    expect(amountError('499.99', '500.00')).toBe('The minimum for this ID is ₹500.00.');
  });
  it('checks the amount format before the minimum', () => {
    expect(amountError('', '500.00')).toBe('Enter the amount.');
    expect(amountError('12.345', '500.00')).toMatch(/at most two decimals/);
  });
  it('has no minimum to check when the item is unknown', () => {
    expect(amountError('1')).toBeNull();
  });
  it('then holds the amount to the owners’ limits (issue 17), the item’s minimum on top', () => {
    const owners = { limits: DEFAULT_MONEY_LIMITS, operation: 'id_deposit' as const };
    expect(amountError('150', '200.00', owners)).toBe('The minimum for this ID is ₹200.00.');
    expect(amountError('99', undefined, owners)).toBe('The amount must be at least ₹100.00.');
    expect(amountError('500000.01', '200.00', owners)).toBe('The amount may be at most ₹5,00,000.00.');
    expect(amountRangeHint({ minDeposit: '200.00', owners })).toBe('₹200.00 to ₹5,00,000.00');
    expect(amountRangeHint({ minDeposit: '50.00', owners })).toBe('₹100.00 to ₹5,00,000.00');
    expect(amountRangeHint({ minDeposit: '200.00' })).toBe('At least ₹200.00');
  });
});

describe('walletState', () => {
  it('disables the wallet when the balance does not reach the minimum', () => {
    expect(walletState('', { minDeposit: '500.00', balance: '499.99' })).toBe('below-minimum');
  });
  it('says the wallet is short when the typed amount is over the balance', () => {
    expect(walletState('2000.01', limits)).toBe('short');
    expect(walletState('2000', limits)).toBe('ok');
  });
  it('offers the wallet while the balance is unknown', () => {
    expect(walletState('999999', { minDeposit: '500.00' })).toBe('unknown');
  });
});

describe('createIdFormSchema', () => {
  it('sends only the wallet fields when paying from the wallet', () => {
    expect(createIdFormSchema(limits).parse(wallet)).toEqual({
      username: 'rahul_99',
      amount: '1000.00',
      pay_from: 'wallet',
    });
  });

  it.each([
    ['', 'Enter a username.'],
    ['ab', 'The username must be 3–32 characters long.'],
    [
      'rahul kumar',
      'The username may only use letters, digits, dots, underscores and hyphens — no spaces.',
    ],
    ['x'.repeat(200), 'The username must be 3–32 characters long.'],
  ])('refuses the username %j', (username, message) => {
    const result = createIdFormSchema(limits).safeParse({ ...wallet, username });
    expect(messages(result).username).toBe(message);
  });

  it('refuses an amount under the minimum', () => {
    const result = createIdFormSchema(limits).safeParse({ ...wallet, amount: '100' });
    expect(messages(result)).toEqual({ amount: 'The minimum for this ID is ₹500.00.' });
  });

  it('refuses a wallet payment over the balance, on the amount', () => {
    const result = createIdFormSchema(limits).safeParse({ ...wallet, amount: '2500' });
    expect(messages(result)).toEqual({
      amount: 'That is more than your wallet balance of ₹2,000.00.',
    });
  });

  it('refuses the wallet when it cannot pay even the minimum', () => {
    const result = createIdFormSchema({ minDeposit: '500.00', balance: '10.00' }).safeParse(wallet);
    expect(messages(result).pay_from).toMatch(/below the minimum/);
  });

  it('needs a payment type, reference and screenshot when paying by payment, all at once', () => {
    const result = createIdFormSchema(limits).safeParse({ ...wallet, pay_from: 'payment' });
    expect(messages(result)).toEqual({
      payment_type_id: 'Choose a payment type.',
      reference: 'Enter the payment reference (UTR).',
      proof: 'Attach a screenshot of the payment.',
    });
  });

  it('ignores the wallet balance when paying by payment', () => {
    const proof = png();
    const out = createIdFormSchema(limits).parse({
      ...wallet,
      amount: '5000',
      pay_from: 'payment',
      payment_type_id: '2',
      reference: ' UTR1 ',
      proof,
    });
    expect(out).toEqual({
      username: 'rahul_99',
      amount: '5000.00',
      pay_from: 'payment',
      payment_type_id: 2,
      reference: 'UTR1',
      proof,
    });
  });
});

describe('depositFormSchema', () => {
  it('has no username and applies the same money rules', () => {
    const { username: _, ...values } = wallet;
    expect(depositFormSchema(limits).parse(values)).toEqual({
      amount: '1000.00',
      pay_from: 'wallet',
    });
    expect(messages(depositFormSchema(limits).safeParse({ ...values, amount: '0' }))).toEqual({
      amount: 'The amount must be greater than zero.',
    });
  });
});
