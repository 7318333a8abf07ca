import { RateLimitedError } from '../errors/app-errors';

/**
 * A fixed-window counter per key, in process memory (like the IP limits of decision 006:
 * behind a load balancer each process counts alone). `now` is injected so tests need no sleep.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(private readonly options: { max: number; windowMs: number; now: () => Date }) {}

  /** Counts one attempt; returns how long to wait when it is over the limit, else null. */
  hit(key: string): { retryAfterMs: number } | null {
    const now = this.options.now().getTime();
    if (this.windows.size > 10_000) this.prune(now);
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.options.windowMs) {
      this.windows.set(key, { start: now, hits: 1 });
      return null;
    }
    current.hits += 1;
    if (current.hits <= this.options.max) return null;
    return { retryAfterMs: current.start + this.options.windowMs - now };
  }

  /** Counts one attempt; over the limit, throws the 429 (with its Retry-After seconds). */
  enforce(key: string): void {
    const limited = this.hit(key);
    if (limited) {
      throw new RateLimitedError(minutesText(limited.retryAfterMs), Math.ceil(limited.retryAfterMs / 1000));
    }
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.options.windowMs) this.windows.delete(key);
    }
  }
}

/** "1 minute", "45 minutes": for the 429 message. */
function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
