import { useEffect, useRef } from 'react';

export type PollerOptions = {
  /** One round of work; the next round is scheduled only after it settles, so rounds never overlap. */
  task: () => Promise<unknown>;
  intervalMs: number;
};

export type Poller = {
  start(): void;
  stop(): void;
  /** Run a round now (unless one is running), then carry on at the interval. */
  runNow(): void;
  readonly running: boolean;
};

/**
 * A poller that waits `intervalMs` between rounds, skips rounds while the tab is hidden, and
 * runs a round as soon as the tab becomes visible again if one came due meanwhile. Rounds
 * never overlap, also across stop() and start() while a slow round is still out.
 */
export function createPoller({ task, intervalMs }: PollerOptions): Poller {
  let running = false;
  let inFlight = false;
  let dueWhileHidden = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

  const schedule = () => {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => void tick(), intervalMs);
  };

  async function tick() {
    clearTimeout(timer);
    // A round still out (a slow network, or one from before a stop/start) finishes first;
    // its end schedules the next.
    if (!running || inFlight) return;
    if (hidden()) {
      dueWhileHidden = true;
      return;
    }
    dueWhileHidden = false;
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
    if (running && !hidden() && dueWhileHidden) void tick();
  };

  return {
    start() {
      if (running) return;
      running = true;
      document.addEventListener('visibilitychange', onVisibility);
      if (!inFlight) schedule();
    },
    stop() {
      running = false;
      dueWhileHidden = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    },
    runNow() {
      void tick();
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
