import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from './use-polling';

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('createPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setHidden(false);
  });

  it('runs every interval and never overlaps a slow round', async () => {
    let resolveRound: () => void = () => {};
    const task = vi.fn(() => new Promise<void>((resolve) => (resolveRound = resolve)));
    const poller = createPoller({ task, intervalMs: 5000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(task).toHaveBeenCalledTimes(1);
    resolveRound();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('pauses while the tab is hidden and catches up when it is shown', async () => {
    const task = vi.fn(async () => {});
    const poller = createPoller({ task, intervalMs: 5000 });
    poller.start();
    setHidden(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(task).not.toHaveBeenCalled();
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('stops', async () => {
    const task = vi.fn(async () => {});
    const poller = createPoller({ task, intervalMs: 1000 });
    poller.start();
    poller.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();
    expect(poller.running).toBe(false);
  });
});
