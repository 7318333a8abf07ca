import type { Notification, NotificationPage } from '@iddesk/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { getNewerNotifications } from './api/get-newer-notifications';
import type * as NotificationsApi from './api/get-notifications';
import { getNotifications } from './api/get-notifications';
import { markNotificationsSeen } from './api/mark-notifications-seen';
import { feed, markFeedSeen, pollFeed, primeFeed, resetFeed } from './notification-feed';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast }));
vi.mock('./api/get-newer-notifications', () => ({ getNewerNotifications: vi.fn() }));
vi.mock('./api/mark-notifications-seen', () => ({ markNotificationsSeen: vi.fn() }));
vi.mock('./api/get-notifications', async (importOriginal) => ({
  ...(await importOriginal<typeof NotificationsApi>()),
  getNotifications: vi.fn(),
}));

const newer = vi.mocked(getNewerNotifications);
const firstPage = vi.mocked(getNotifications);
const seen = vi.mocked(markNotificationsSeen);

const note = (id: number, read = false): Notification => ({
  id,
  title: `Title ${id}`,
  body: `Body ${id}`,
  link: id % 2 ? '/transactions' : null,
  read,
  created_at: '2026-11-22T08:35:00.000Z',
  created_at_full: '22 Nov 2026, 2:05 pm',
});
const page = (items: Notification[], unread: number): NotificationPage => ({
  items,
  page: 1,
  per_page: 15,
  total: items.length,
  last_page: 1,
  unread,
});

const bells = () => window.__iddeskSounds?.bell ?? 0;

const makeDeps = () => ({
  queryClient: new QueryClient(),
  open: vi.fn<(link: string) => void>(),
  onNew: vi.fn<(items: Notification[]) => void>(),
});
let deps: ReturnType<typeof makeDeps>;

// The bell and toasts load with the first news (dynamic imports): transform them before the
// clock of the first test that needs them starts.
beforeAll(async () => {
  await Promise.all([import('../../lib/sound'), import('./notification-toasts')]);
}, 60_000);

beforeEach(() => {
  deps = makeDeps();
  session.start('token-a', false);
  resetFeed();
});
afterEach(() => {
  vi.clearAllMocks();
  session.clear();
  localStorage.clear();
});

describe('the notification feed', () => {
  it('startup takes the highest id and unread count from the first page, silently', async () => {
    firstPage.mockResolvedValue({
      message: null,
      data: page([note(12), note(11), note(7, true)], 2),
    });
    const before = bells();
    await primeFeed(deps);
    expect(feed.get()).toEqual({ token: 'token-a', highestId: 12, unread: 2 });
    expect(toast).not.toHaveBeenCalled();
    expect(bells()).toBe(before);
  });

  it('polls for ids above the highest seen, toasts the new ones, rings once, and moves the mark', async () => {
    firstPage.mockResolvedValue({ message: null, data: page([note(12)], 0) });
    await primeFeed(deps);
    newer.mockResolvedValueOnce({ message: null, data: [note(14), note(13)] });
    const before = bells();
    await pollFeed(deps);
    expect(newer).toHaveBeenLastCalledWith(12);
    expect(feed.get()).toMatchObject({ highestId: 14, unread: 2 });
    expect(bells()).toBe(before + 1);
    expect(toast.mock.calls.map((c) => c[0])).toEqual(['Title 13', 'Title 14']);
    expect(deps.onNew).toHaveBeenCalledOnce();

    newer.mockResolvedValueOnce({ message: null, data: [] });
    await pollFeed(deps);
    expect(newer).toHaveBeenLastCalledWith(14);
    expect(bells()).toBe(before + 1);
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it("a notification's toast action opens its link", async () => {
    firstPage.mockResolvedValue({ message: null, data: page([], 0) });
    await primeFeed(deps);
    newer.mockResolvedValueOnce({ message: null, data: [note(1)] });
    await pollFeed(deps);
    const options = toast.mock.calls[0]![1] as { action: { onClick: () => void } };
    options.action.onClick();
    expect(deps.open).toHaveBeenCalledWith('/transactions');
  });

  it('many at once: two toasts and a summary, one bell', async () => {
    firstPage.mockResolvedValue({ message: null, data: page([], 0) });
    await primeFeed(deps);
    newer.mockResolvedValueOnce({
      message: null,
      data: [note(5), note(4), note(3), note(2), note(1)],
    });
    const before = bells();
    await pollFeed(deps);
    expect(toast.mock.calls.map((c) => c[0])).toEqual([
      '3 more notifications',
      'Title 4',
      'Title 5',
    ]);
    expect(bells()).toBe(before + 1);
  });

  it('ignores anything not above the mark, even if the server sent it', async () => {
    firstPage.mockResolvedValue({ message: null, data: page([note(9)], 0) });
    await primeFeed(deps);
    newer.mockResolvedValueOnce({ message: null, data: [note(9), note(3)] });
    const before = bells();
    await pollFeed(deps);
    expect(bells()).toBe(before);
    expect(feed.get().highestId).toBe(9);
  });

  it('a poll before priming (fresh sign-in) primes instead of toasting old ones', async () => {
    firstPage.mockResolvedValue({ message: null, data: page([note(30), note(29)], 2) });
    await pollFeed(deps);
    expect(newer).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(feed.get()).toMatchObject({ token: 'token-a', highestId: 30, unread: 2 });
  });

  it('another account starts over; signed out, it holds nothing', async () => {
    firstPage.mockResolvedValueOnce({ message: null, data: page([note(30)], 1) });
    await primeFeed(deps);
    session.start('token-b', false);
    firstPage.mockResolvedValueOnce({ message: null, data: page([note(4)], 0) });
    await pollFeed(deps);
    expect(feed.get()).toEqual({ token: 'token-b', highestId: 4, unread: 0 });
    session.clear();
    await pollFeed(deps);
    expect(feed.get()).toEqual({ token: null, highestId: 0, unread: 0 });
  });

  it('polls never run side by side: the second waits for the first', async () => {
    firstPage.mockResolvedValue({ message: null, data: page([note(1)], 0) });
    await primeFeed(deps);
    let release: () => void = () => {};
    newer.mockImplementationOnce(
      () => new Promise((resolve) => (release = () => resolve({ message: null, data: [note(2)] }))),
    );
    newer.mockResolvedValueOnce({ message: null, data: [] });
    const first = pollFeed(deps);
    const second = pollFeed(deps);
    await Promise.resolve();
    expect(newer).toHaveBeenCalledTimes(1);
    release();
    await Promise.all([first, second]);
    expect(newer.mock.calls.map((c) => c[0])).toEqual([1, 2]);
  });

  it('opening the list marks up to its newest item read and takes the server’s unread count', async () => {
    firstPage.mockResolvedValue({ message: null, data: page([note(8)], 3) });
    await primeFeed(deps);
    seen.mockResolvedValueOnce({ message: null, data: { unread: 0 } });
    await markFeedSeen(8);
    expect(seen).toHaveBeenCalledWith(8);
    expect(feed.get().unread).toBe(0);
  });

  it('a failed poll keeps the mark and stays quiet but for the error toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    firstPage.mockResolvedValue({ message: null, data: page([note(5)], 0) });
    await primeFeed(deps);
    newer.mockRejectedValueOnce(new Error('offline'));
    const before = bells();
    await pollFeed(deps);
    expect(feed.get().highestId).toBe(5);
    expect(bells()).toBe(before);
    expect(toast.error).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
