import type { TelegramStatus } from '@iddesk/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n';
import { telegramQueryKey } from '../api/telegram';
import { TelegramCard } from './telegram-card';

function renderCard(status: TelegramStatus, staff = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(telegramQueryKey, status);
  return render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <TelegramCard staff={staff} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('TelegramCard (docs/product.md#telegram)', () => {
  afterEach(async () => {
    cleanup();
    await act(() => activateLocale('en'));
  });

  it('shows nothing when the site has no bot', () => {
    const { container } = renderCard({ enabled: false, linked: null });
    expect(container.innerHTML).toBe('');
  });

  it('offers the link to a customer who has none, in their words', () => {
    renderCard({ enabled: true, linked: null });
    expect(screen.getByRole('region', { name: 'Telegram' })).toBeTruthy();
    expect(screen.getByText('Not linked')).toBeTruthy();
    expect(screen.getByText(/ask the bot for your balance with \/balance/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link Telegram' })).toBeTruthy();
  });

  it('shows the linked chat with one Unlink button; staff read about queue alerts, in Hindi too', async () => {
    renderCard({ enabled: true, linked: { name: '@asha_k', linked_at: '2026-11-20T10:00:00.000Z' } }, true);
    expect(screen.getByText(/Linked to @asha_k since/)).toBeTruthy();
    expect(screen.getByText(/something new waits in a queue you work/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlink Telegram' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).toBeNull();

    await act(() => activateLocale('hi'));
    expect(await screen.findByRole('button', { name: 'Telegram अलग करें' })).toBeTruthy();
    expect(screen.getByText(/@asha_k से जुड़ा है/)).toBeTruthy();
  });
});
