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

describe('createPoller, more', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setHidden(false);
  });

  it('never overlaps a slow round across stop() and start()', async () => {
    let resolveRound: () => void = () => {};
    let active = 0;
    let maxActive = 0;
    const task = vi.fn(async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((resolve) => (resolveRound = resolve));
      active -= 1;
    });
    const poller = createPoller({ task, intervalMs: 5000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
    poller.start();
    poller.runNow();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(task).toHaveBeenCalledTimes(1);
    resolveRound();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(maxActive).toBe(1);
    resolveRound();
    poller.stop();
  });

  it('keeps polling after a round fails', async () => {
    const task = vi.fn(async () => {
      throw new Error('offline');
    });
    const poller = createPoller({ task, intervalMs: 1000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('runNow runs at once and restarts the interval from there', async () => {
    const task = vi.fn(async () => {});
    const poller = createPoller({ task, intervalMs: 5000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(3000);
    poller.runNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('does not catch up when shown again if nothing came due while hidden', async () => {
    const task = vi.fn(async () => {});
    const poller = createPoller({ task, intervalMs: 5000 });
    poller.start();
    setHidden(true);
    await vi.advanceTimersByTimeAsync(1000);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4000);
    expect(task).toHaveBeenCalledTimes(1);
    poller.stop();
  });
});
