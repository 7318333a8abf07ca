import { type ChangeFeed, changeFeedOf } from '../db/change-feed';
import type { Db } from '../db/types';
import type { PublicUser } from '../modules/users';

/** A session's last use is written at most this often (auth/repository.ts TOUCH_EVERY). */
export const TOUCH_EVERY_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries of each map before it is emptied and starts again (a bound, not an LRU). */
const MAX_ENTRIES = 200_000;

type CachedSession = { sessionId: number; userId: number; expiresAt: number; lastUsedAt: number };

/** What the token check read, to keep. */
export type SessionRead = CachedSession & { user: PublicUser };

/** Whether the caller's balance is read by the route (the poll shows it) or not (a money call). */
export type BalanceUse = 'read' | 'unread';

/**
 * The cached user when their balance changed since it was read: everything but the balance,
 * which throws if a route that said it does not read it does (a programming error, a 500).
 */
function withoutBalance(user: PublicUser): PublicUser {
  return Object.defineProperty({ ...user }, 'balance', {
    enumerable: false,
    get() {
      throw new Error('the caller\'s balance changed since it was read: this route reads it, so it must not say "unread"');
    },
  });
}

/**
 * What the 5-second poll depends on, kept in this process (issue 19): the live session
 * behind a token hash, its user (balance and flags included), and for each user an id that
 * no notification of theirs is above. Emptied by the database's change feed
 * (db/change-feed.ts): `u:` drops a user, `b:` only the user's balance (a route that does not
 * read it, a money call, still gets the rest from memory), `s:` the user's sessions, `n:` the
 * user's bound. While the feed is not live nothing is answered from memory.
 *
 * Every read from the database takes `begin()` first and stores only if no signal came in
 * between about its user (or a reset of the whole cache): a read that raced a change never caches
 * the old state, and the signals of other users' money calls do not stop it from being kept.
 */
export class SessionCache {
  /** Counts the signals; `begin()` answers where it stands. */
  private stamp = 0;
  /** Reads begun before it keep nothing (the feed came or went, `lastSignal` was emptied). */
  private floor = 0;
  /** Each user's last signal (u:, b:, s:, n:), by stamp. */
  private readonly lastSignal = new Map<number, number>();
  private live: boolean;
  private readonly sessions = new Map<string, CachedSession>();
  private readonly tokensOfUser = new Map<number, Set<string>>();
  private readonly users = new Map<number, PublicUser>();
  /** Users whose balance changed since they were read: kept for routes that do not read it. */
  private readonly balanceChanged = new Set<number>();
  private readonly noneAbove = new Map<number, number>();

  constructor(feed: ChangeFeed | undefined, private readonly clock: () => number = Date.now) {
    this.live = feed?.live ?? false;
    feed?.subscribe({
      signal: (payload) => this.onSignal(payload),
      state: (live) => {
        this.clear();
        this.live = live;
      },
    });
  }

  get enabled(): boolean {
    return this.live;
  }

  /**
   * A token hash's caller, when memory has it and it is still good; else undefined. With
   * `balance: 'unread'` a user whose balance changed since it was read is good too (without it).
   */
  caller(tokenHash: string, idleDays: number, balance: BalanceUse = 'read'): { sessionId: number; user: PublicUser } | undefined {
    if (!this.live) return undefined;
    const session = this.sessions.get(tokenHash);
    if (!session) return undefined;
    const now = this.clock();
    // Expired, idle too long, or due for its last-use write: the database decides.
    if (now >= session.expiresAt || now >= session.lastUsedAt + TOUCH_EVERY_MS || now >= session.lastUsedAt + idleDays * DAY_MS) {
      return undefined;
    }
    const user = this.users.get(session.userId);
    if (!user || user.isBlocked) return undefined;
    if (this.balanceChanged.has(session.userId)) {
      return balance === 'unread' ? { sessionId: session.sessionId, user: withoutBalance(user) } : undefined;
    }
    return { sessionId: session.sessionId, user };
  }

  /** The id no notification of `userId` is above, when known. */
  notificationBound(userId: number): number | undefined {
    return this.live ? this.noneAbove.get(userId) : undefined;
  }

  begin(): number {
    return this.stamp;
  }

  /** Whether a read of `userId` begun at `generation` may be kept: no signal about them since. */
  private keeps(generation: number, userId: number): boolean {
    return this.live && generation >= this.floor && (this.lastSignal.get(userId) ?? 0) <= generation;
  }

  storeSession(generation: number, tokenHash: string, read: SessionRead): void {
    if (!this.keeps(generation, read.userId)) return;
    if (this.sessions.size >= MAX_ENTRIES) this.clearSessions();
    if (this.users.size >= MAX_ENTRIES) {
      this.users.clear();
      this.balanceChanged.clear();
    }
    const { user, ...session } = read;
    // The token check wrote the last use when it was older than TOUCH_EVERY.
    const now = this.clock();
    const lastUsedAt = session.lastUsedAt <= now - TOUCH_EVERY_MS ? now : session.lastUsedAt;
    this.sessions.set(tokenHash, { ...session, lastUsedAt });
    let tokens = this.tokensOfUser.get(session.userId);
    if (!tokens) this.tokensOfUser.set(session.userId, (tokens = new Set()));
    tokens.add(tokenHash);
    this.users.set(session.userId, user);
    this.balanceChanged.delete(session.userId);
  }

  storeNotificationBound(generation: number, userId: number, bound: number): void {
    if (!this.keeps(generation, userId)) return;
    if (this.noneAbove.size >= MAX_ENTRIES) this.noneAbove.clear();
    this.noneAbove.set(userId, bound);
  }

  private onSignal(payload: string): void {
    // t:<table> is for the public caches and the queue totals.
    if (payload[0] === 't') return;
    const id = Number(payload.slice(2));
    this.stamp += 1;
    if (this.lastSignal.size >= MAX_ENTRIES) {
      // Forgotten: a read begun before now cannot tell whether its user had a signal.
      this.lastSignal.clear();
      this.floor = this.stamp;
    }
    this.lastSignal.set(id, this.stamp);
    switch (payload[0]) {
      case 'u':
        this.users.delete(id);
        this.balanceChanged.delete(id);
        break;
      case 'b':
        // Only ids of kept users: emptied with them, so never larger.
        if (this.users.has(id)) this.balanceChanged.add(id);
        break;
      case 's':
        for (const token of this.tokensOfUser.get(id) ?? []) this.sessions.delete(token);
        this.tokensOfUser.delete(id);
        break;
      case 'n':
        this.noneAbove.delete(id);
        break;
      default:
        break;
    }
  }

  private clearSessions(): void {
    this.sessions.clear();
    this.tokensOfUser.clear();
  }

  private clear(): void {
    this.stamp += 1;
    this.floor = this.stamp;
    this.lastSignal.clear();
    this.clearSessions();
    this.users.clear();
    this.balanceChanged.clear();
    this.noneAbove.clear();
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The cache of `db`'s sessions; one per database handle, so per app. */
export function sessionCacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache(changeFeedOf(db))));
  return cache;
}
