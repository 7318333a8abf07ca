import { type Session, UNKNOWN_DEVICE } from '@iddesk/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n';
import { sessionsQueryKey } from '../api/sessions';
import { SessionsCard } from './sessions-card';

const at = '2026-11-20T10:00:00.000Z';
const sessions: Session[] = [
  { id: 1, device: 'Chrome 131 on Android 14 (mobile)', ip: '10.0.0.1', created_at: at, last_used_at: at, current: true },
  { id: 2, device: UNKNOWN_DEVICE, ip: null, created_at: at, last_used_at: at, current: false },
];

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(sessionsQueryKey, sessions);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionsCard />
    </QueryClientProvider>,
  );
}

describe('SessionsCard', () => {
  afterEach(async () => {
    cleanup();
    await act(() => activateLocale('en'));
  });

  it('names a device the server could not read in the page’s language (issue 18)', async () => {
    renderCard();
    expect(screen.getByText('Chrome 131 on Android 14 (mobile)')).toBeTruthy();
    expect(screen.getByText('Unknown device')).toBeTruthy();

    await act(() => activateLocale('hi'));
    expect(await screen.findByText('अनजान डिवाइस')).toBeTruthy();
    expect(screen.queryByText('Unknown device')).toBeNull();
    // The names the server reads from a User-Agent stay as they are.
    expect(screen.getByText('Chrome 131 on Android 14 (mobile)')).toBeTruthy();
  });
});
