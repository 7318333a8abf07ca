import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useAppForm } from '../../lib/use-app-form';
import { AppForm } from './app-form';
import { QuickAmounts, quickAmounts } from './quick-amounts';
import { TextField } from './text-field';

afterEach(cleanup);

const rupees = (n: number) => BigInt(n) * 100n;

describe('quickAmounts (issue 56)', () => {
  it('offers the usual amounts the range allows, at most four', () => {
    expect(quickAmounts(rupees(100), rupees(200_000))).toEqual(['500', '1000', '2000', '5000']);
    expect(quickAmounts(rupees(1500), rupees(200_000))).toEqual(['2000', '5000', '10000', '20000']);
    expect(quickAmounts(rupees(100), rupees(1500))).toEqual(['500', '1000']);
    expect(quickAmounts(null, null)).toEqual(['500', '1000', '2000', '5000']);
  });

  it('offers the range’s own ends when no usual amount fits, paise and all', () => {
    expect(quickAmounts(rupees(100), rupees(300))).toEqual(['100', '300']);
    expect(quickAmounts(12_345n, 12_345n)).toEqual(['123.45']);
    expect(quickAmounts(rupees(600), rupees(700))).toEqual(['600', '700']);
  });
});

const Schema = z.object({ amount: z.string().min(1, 'Enter an amount.') });

function TestForm({ min, max }: { min?: string; max?: string }) {
  const app = useAppForm({ schema: Schema, defaultValues: { amount: '' }, submit: async () => ({ message: null, data: {} }) });
  return (
    <AppForm app={app}>
      <TextField label="Amount" {...app.field('amount')} />
      <QuickAmounts label="Quick amounts" min={min} max={max} />
    </AppForm>
  );
}

describe('QuickAmounts', () => {
  it('a chip fills the amount field and reads as chosen; typing another amount unchooses it', async () => {
    render(<TestForm min="100.00" max="1500.00" />);
    const group = screen.getByRole('group', { name: 'Quick amounts' });
    expect(group.querySelectorAll('button')).toHaveLength(2);
    const thousand = screen.getByRole('button', { name: '₹1,000' });
    expect(thousand.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(thousand);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1000'));
    expect(thousand.getAttribute('aria-pressed')).toBe('true');
    expect(thousand.getAttribute('type')).toBe('button');

    fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '1000.00' } });
    await waitFor(() => expect(thousand.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.input(screen.getByLabelText('Amount'), { target: { value: '999' } });
    await waitFor(() => expect(thousand.getAttribute('aria-pressed')).toBe('false'));
  });

  it('above the owner’s maximum no chip is offered', () => {
    render(<TestForm min="100.00" max="800.00" />);
    expect(screen.getByRole('button', { name: '₹500' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '₹1,000' })).toBeNull();
  });
});
