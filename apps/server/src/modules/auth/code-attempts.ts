import type { Db } from '../../db/types';
import type { Backoff, BackoffOptions } from '../../lib/rate-counters';
import { hashToken } from '../../lib/tokens';
import { isKnownDevice } from './second-factor-repository';

/**
 * How wrong second-factor codes back off (issue 51 finding 6, docs/security.md §4): five at
 * once, then a wait of 30 seconds before the next, doubling with each one after it up to a day;
 * a key's count is kept for 14 days from its first attempt.
 */
export const CODE_BACKOFF: BackoffOptions = {
  free: 5,
  baseMs: 30_000,
  maxMs: 24 * 3_600_000,
  lifetimeMs: 14 * 86_400_000,
};

/**
 * Who tries a code: the account and the client's IP, and either the signed-in session it comes
 * from (enabling, disabling) or, at sign-in, the device token its cookie carries.
 */
export type CodeCaller = { userId: number; ip: string; sessionId?: number; device?: string | null };

/** Told after repeated wrong codes on an account from devices it has not signed in on. */
export type WrongCodeAlert = (alert: { userId: number; count: number; ip: string }) => Promise<void>;

/** Alerts at the fifth wrong code and at each doubling after it (10, 20, 40, …): a continuing attack is news, each guess is not. */
export function isAlertCount(count: number): boolean {
  const { free } = CODE_BACKOFF;
  if (count < free || count % free !== 0) return false;
  const ratio = count / free;
  return (ratio & (ratio - 1)) === 0;
}

/**
 * Every call that takes a second-factor code (the sign-in step, enabling, disabling) is
 * counted by the app's one `CodeAttempts`. An attempt from a signed-in
 * session, or at sign-in from a device the account signed in on within `knownDeviceDays`, is
 * counted on that session or device alone: others' wrong codes, from any IP, never make its
 * owner wait. Any other attempt is counted on the account
 * and on the IP, and waits when either does (`Backoff`): an attacker with the password gets a
 * handful of guesses a day however many addresses they use, and one address a handful over
 * every account.
 */
export class CodeAttempts {
  constructor(
    private readonly deps: { db: Db; backoff: Backoff; alert: WrongCodeAlert; knownDeviceDays: number },
  ) {}

  private async keysFor(caller: CodeCaller): Promise<{ known: boolean; keys: string[] }> {
    // A live session is a valid recent sign-in on its device: counted on the session alone.
    if (caller.sessionId !== undefined) return { known: true, keys: [`session:${caller.sessionId}`] };
    if (caller.device) {
      const hash = hashToken(caller.device);
      if (await isKnownDevice(this.deps.db, caller.userId, hash, this.deps.knownDeviceDays)) {
        return { known: true, keys: [`device:${caller.userId}:${hash}`] };
      }
    }
    return { known: false, keys: [`account:${caller.userId}`, `ip:${caller.ip}`] };
  }

  /**
   * One attempt at a code: 429 (nothing checked) while one of the caller's keys waits;
   * otherwise `check` runs, and answers its result, or null when the code was wrong. A right
   * code does not count towards the waits; a wrong one from an unknown device, at the counts
   * `isAlertCount` names, alerts the account's holder and owners.
   */
  async run<T>(caller: CodeCaller, check: () => Promise<T | null>): Promise<T | null> {
    const { known, keys } = await this.keysFor(caller);
    const [count = 0] = await this.deps.backoff.attempt(keys);
    const result = await check();
    if (result !== null) {
      await this.deps.backoff.succeeded(keys);
      return result;
    }
    if (!known && isAlertCount(count)) await this.deps.alert({ userId: caller.userId, count, ip: caller.ip });
    return null;
  }

  /** A challenge that belongs to no one: counted on the IP alone, so guessing those waits too. */
  async unknownChallenge(ip: string): Promise<void> {
    await this.deps.backoff.attempt([`ip:${ip}`]);
  }
}
