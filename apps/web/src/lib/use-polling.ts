import { useEffect, useRef } from 'react';

export type PollerOptions = {
  /** One round of work; the next round is scheduled only after it settles, so rounds never overlap. */
  task: () => Promise<unknown>;
  intervalMs: number;
};

export type Poller = { start(): void; stop(): void; readonly running: boolean };

/**
 * A poller that waits `intervalMs` between rounds, skips rounds while the tab is hidden, and
 * runs a round as soon as the tab becomes visible again if one came due meanwhile.
 */
export function createPoller({ task, intervalMs }: PollerOptions): Poller {
  let running = false;
  let inFlight = false;
  let due = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

  const schedule = () => {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(tick, intervalMs);
  };

  async function tick() {
    if (!running) return;
    if (hidden()) {
      due = true;
      return;
    }
    due = false;
    inFlight = true;
    try {
      await task();
    } catch {
      // The task reports its own failures; polling carries on.
    } finally {
      inFlight = false;
      schedule();
    }
  }

  const onVisibility = () => {
    if (running && !hidden() && due && !inFlight) void tick();
  };

  return {
    start() {
      if (running) return;
      running = true;
      document.addEventListener('visibilitychange', onVisibility);
      schedule();
    },
    stop() {
      running = false;
      due = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    },
    get running() {
      return running;
    },
  };
}

/** Runs `task` every `intervalMs` while `enabled`; the latest `task` is always the one called. */
export function usePolling(task: () => Promise<unknown>, intervalMs: number, enabled: boolean) {
  const taskRef = useRef(task);
  useEffect(() => {
    taskRef.current = task;
  });
  useEffect(() => {
    if (!enabled) return;
    const poller = createPoller({ task: () => taskRef.current(), intervalMs });
    poller.start();
    return () => poller.stop();
  }, [enabled, intervalMs]);
}
