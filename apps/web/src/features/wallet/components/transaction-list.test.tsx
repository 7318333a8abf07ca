import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignedAmount } from './transaction-list';

afterEach(cleanup);

const amountOf = (amount: string, status: 'pending' | 'done' | 'rejected' | 'cancelled') => {
  const { container } = render(<SignedAmount amount={amount} status={status} />);
  return container.firstElementChild as HTMLElement;
};

describe('a ledger amount (issue 56)', () => {
  it('a top-up still being checked is neutral and said to be pending, not green money', () => {
    const el = amountOf('300.00', 'pending');
    expect(el.className).not.toMatch(/emerald/);
    expect(el.className).toMatch(/slate/);
    expect(el.textContent).toBe('Pending: +₹300.00not credited yet');
    expect(screen.getByText('not credited yet')).toBeTruthy();
  });

  it('a credited top-up is green with a plus; a hold and a payout are red', () => {
    expect(amountOf('300.00', 'done').className).toMatch(/emerald/);
    cleanup();
    const hold = amountOf('-200.00', 'pending');
    expect(hold.className).toMatch(/red/);
    expect(hold.textContent).toBe('−₹200.00');
  });

  it('a refused one is struck through and says so', () => {
    const el = amountOf('300.00', 'rejected');
    expect(el.textContent).toBe('Rejected: +₹300.00');
    expect(el.querySelector('.line-through')).not.toBeNull();
  });
});
