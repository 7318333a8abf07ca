import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../lib/api-error';
import { session } from '../../lib/session';
import { getAdminStats } from './api/get-admin-stats';
import { pollQueueCounts, resetQueueCounts, risenQueues } from './queue-alerts';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: toastError }),
}));
vi.mock('./api/get-admin-stats', () => ({ getAdminStats: vi.fn() }));
const stats = vi.mocked(getAdminStats);
const counts = (bills: number, withdrawals = 0, requests = 0, new_ids = 0, claims = '') => ({
  message: null,
  data: { bills, withdrawals, requests, new_ids, claims },
});
const alerts = () => window.__iddeskSounds?.alert ?? 0;

beforeEach(() => {
  session.start('admin-token', true);
  resetQueueCounts();
});
afterEach(() => {
  vi.clearAllMocks();
  session.clear();
});

describe('admin queue alerts', () => {
  it('names the queues that grew', () => {
    expect(risenQueues(null, counts(3).data)).toEqual([]);
    expect(risenQueues(counts(3, 1).data, counts(4, 0, 2).data)).toEqual(['bills', 'requests']);
  });

  it('the first reading is a baseline; a rise rings the alert once; a fall is quiet', async () => {
    const before = alerts();
    stats.mockResolvedValueOnce(counts(2));
    // (The first reading refreshes what shows claims: no sound.)
    expect(await pollQueueCounts()).toEqual(['claims']);
    expect(alerts()).toBe(before);
    stats.mockResolvedValueOnce(counts(3, 1));
    expect(await pollQueueCounts()).toEqual(['bills', 'withdrawals']);
    expect(alerts()).toBe(before + 1);
    stats.mockResolvedValueOnce(counts(1, 1));
    expect(await pollQueueCounts()).toEqual([]);
    expect(alerts()).toBe(before + 1);
  });

  it('a change of who holds which item is news without a sound (issue 55 item 2)', async () => {
    const before = alerts();
    stats.mockResolvedValueOnce(counts(2, 0, 0, 0, 'a'));
    expect(await pollQueueCounts()).toEqual(['claims']);
    stats.mockResolvedValueOnce(counts(2, 0, 0, 0, 'a'));
    expect(await pollQueueCounts()).toEqual([]);
    stats.mockResolvedValueOnce(counts(2, 0, 0, 0, 'b'));
    expect(await pollQueueCounts()).toEqual(['claims']);
    stats.mockResolvedValueOnce(counts(3, 0, 0, 0, 'b'));
    expect(await pollQueueCounts()).toEqual(['bills']);
    expect(alerts()).toBe(before + 1);
  });

  it('a live event reads again after a reading under way, and the poll and the event ring once between them', async () => {
    const before = alerts();
    stats.mockResolvedValueOnce(counts(2));
    await pollQueueCounts();
    // A poll is out (sent before the new item was filed) when the event comes.
    let answerPoll: (value: ReturnType<typeof counts>) => void = () => {};
    stats.mockReturnValueOnce(new Promise((resolve) => (answerPoll = resolve)));
    stats.mockResolvedValueOnce(counts(3));
    const poll = pollQueueCounts();
    const event = pollQueueCounts(true);
    answerPoll(counts(2));
    expect(await poll).toEqual([]);
    expect(await event).toEqual(['bills']);
    expect(stats).toHaveBeenCalledTimes(3);
    // The next poll sees the same counts: no second alert.
    stats.mockResolvedValueOnce(counts(3));
    expect(await pollQueueCounts()).toEqual([]);
    expect(alerts()).toBe(before + 1);
  });

  it('asks nothing for a customer', async () => {
    session.start('user-token', false);
    expect(await pollQueueCounts()).toEqual([]);
    expect(stats).not.toHaveBeenCalled();
  });

  it('issue 56: a staff member on the way to enrol a second factor is not told off for it', async () => {
    stats.mockRejectedValueOnce(
      errorFromResponse(403, {
        message: 'Set up your second factor before using the admin area.',
        data: null,
        code: 'SECOND_FACTOR_REQUIRED',
      }),
    );
    expect(await pollQueueCounts()).toEqual([]);
    expect(toastError).not.toHaveBeenCalled();
    // Any other failure of the poll is still said.
    stats.mockRejectedValueOnce(errorFromResponse(429, { message: 'Too many attempts.', data: null }));
    expect(await pollQueueCounts()).toEqual([]);
    expect(toastError).toHaveBeenCalledOnce();
  });
});
