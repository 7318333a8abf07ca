import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../src/db/change-feed';
import { SessionCache, TOUCH_EVERY_MS } from '../src/caches/session-cache';
import type { PublicUser } from '../src/modules/users';

/** A feed the test drives: live or not, and signals by hand. */
class FakeFeed implements ChangeFeed {
  live = true;
  listener: ChangeListener | undefined;
  subscribe(listener: ChangeListener) {
    this.listener = listener;
    return () => {};
  }
  async caughtUp() {}
  async close() {}
  set(live: boolean) {
    this.live = live;
    this.listener!.state(live);
  }
}

const user = (balance: bigint, isBlocked = false): PublicUser =>
  ({ id: 7, name: 'A', email: 'a@x.in', phone: '9999999999', type: 'user', balance, isBlocked, createdAt: new Date(0) }) as PublicUser;

function setUp(now = 1_000_000_000) {
  const feed = new FakeFeed();
  let clock = now;
  const cache = new SessionCache(feed, () => clock);
  const read = (balance = 0n) => ({ sessionId: 3, userId: 7, expiresAt: now + 10 * 86_400_000, lastUsedAt: now, user: user(balance) });
  return { feed, cache, read, tick: (ms: number) => (clock += ms) };
}

describe('SessionCache', () => {
  it('answers what it stored until a signal about the user, the session or the notifications', () => {
    const { cache, feed, read } = setUp();
    cache.storeSession(cache.begin(), 'h', read(5n));
    cache.storeNotificationBound(cache.begin(), 7, 40);
    expect(cache.caller('h', 30)?.user.balance).toBe(5n);
    expect(cache.notificationBound(7)).toBe(40);

    feed.listener!.signal('n:7');
    expect(cache.notificationBound(7)).toBeUndefined();
    feed.listener!.signal('u:7');
    expect(cache.caller('h', 30)).toBeUndefined();

    cache.storeSession(cache.begin(), 'h', read(6n));
    feed.listener!.signal('s:7');
    expect(cache.caller('h', 30)).toBeUndefined();
  });

  it("a balance's change keeps the identity for a route that does not read the balance, and only for it", () => {
    const { cache, feed, read } = setUp();
    cache.storeSession(cache.begin(), 'h', read(5n));
    const generation = cache.begin();
    feed.listener!.signal('b:7');
    // The poll shows the balance: it reads it afresh.
    expect(cache.caller('h', 30)).toBeUndefined();
    expect(cache.caller('h', 30, 'read')).toBeUndefined();
    // A money call gets the rest, and cannot read the old balance by mistake.
    const known = cache.caller('h', 30, 'unread');
    expect(known).toMatchObject({ sessionId: 3, user: { id: 7, name: 'A', type: 'user', isBlocked: false } });
    expect(() => known!.user.balance).toThrow(/balance changed/);
    expect(JSON.stringify(known!.user)).not.toContain('balance');
    // A read that was out when the balance changed keeps nothing.
    cache.storeSession(generation, 'h', read(5n));
    expect(cache.caller('h', 30)).toBeUndefined();
    // A read after it is kept whole again.
    cache.storeSession(cache.begin(), 'h', read(4n));
    expect(cache.caller('h', 30)?.user.balance).toBe(4n);
    // Any other change of the user (u:) drops them for every route.
    feed.listener!.signal('b:7');
    feed.listener!.signal('u:7');
    expect(cache.caller('h', 30, 'unread')).toBeUndefined();
    // A balance signal of a user not kept keeps nothing.
    feed.listener!.signal('b:9');
    cache.storeSession(cache.begin(), 'h', read(3n));
    expect(cache.caller('h', 30)?.user.balance).toBe(3n);
  });

  it("keeps nothing read before a signal about its user that came in while the read was out", () => {
    for (const signal of ['u:7', 'b:7', 's:7', 'n:7']) {
      const { cache, feed, read } = setUp();
      const generation = cache.begin();
      feed.listener!.signal(signal);
      cache.storeSession(generation, 'h', read());
      cache.storeNotificationBound(generation, 7, 40);
      expect(cache.caller('h', 30), signal).toBeUndefined();
      expect(cache.notificationBound(7), signal).toBeUndefined();
    }
  });

  it("other users' signals while a read is out (their money calls) do not stop it from being kept", () => {
    const { cache, feed, read } = setUp();
    const generation = cache.begin();
    for (const signal of ['u:8', 'b:8', 's:9', 'n:10']) feed.listener!.signal(signal);
    cache.storeSession(generation, 'h', read(5n));
    cache.storeNotificationBound(generation, 7, 40);
    expect(cache.caller('h', 30)?.user.balance).toBe(5n);
    expect(cache.notificationBound(7)).toBe(40);
  });

  it('a read out while the feed went down and up, or while the signal memory was emptied, keeps nothing', () => {
    const { cache, feed, read } = setUp();
    let generation = cache.begin();
    feed.set(false);
    feed.set(true);
    cache.storeSession(generation, 'h', read());
    expect(cache.caller('h', 30)).toBeUndefined();
    // 200 001 users' signals empty the memory of who had one: a read begun before cannot tell.
    generation = cache.begin();
    for (let id = 1000; id <= 201_000; id += 1) feed.listener!.signal(`b:${id}`);
    cache.storeSession(generation, 'h', read());
    expect(cache.caller('h', 30)).toBeUndefined();
    cache.storeSession(cache.begin(), 'h', read(2n));
    expect(cache.caller('h', 30)?.user.balance).toBe(2n);
  });

  it("a table's signal (a money call's queue, a public list) neither drops nor stops what the poll reads", () => {
    const { cache, feed, read } = setUp();
    cache.storeSession(cache.begin(), 'h', read(5n));
    const generation = cache.begin();
    feed.listener!.signal('t:bills');
    feed.listener!.signal('t:withdrawals');
    cache.storeNotificationBound(generation, 7, 40);
    expect(cache.caller('h', 30)?.user.balance).toBe(5n);
    expect(cache.notificationBound(7)).toBe(40);
  });

  it('while the feed is down it answers nothing and keeps nothing; back up, it starts empty', () => {
    const { cache, feed, read } = setUp();
    cache.storeSession(cache.begin(), 'h', read());
    feed.set(false);
    expect(cache.caller('h', 30)).toBeUndefined();
    cache.storeSession(cache.begin(), 'h', read());
    feed.set(true);
    expect(cache.caller('h', 30)).toBeUndefined();
  });

  it('sends the check to the database when the last use is due for its write, or the user is blocked', () => {
    const { cache, read, tick } = setUp();
    cache.storeSession(cache.begin(), 'h', read());
    tick(TOUCH_EVERY_MS - 1);
    expect(cache.caller('h', 30)).toBeDefined();
    tick(1);
    expect(cache.caller('h', 30)).toBeUndefined();

    const blocked = setUp();
    blocked.cache.storeSession(blocked.cache.begin(), 'h', { ...blocked.read(), user: user(0n, true) });
    expect(blocked.cache.caller('h', 30)).toBeUndefined();
  });

  it('without a feed it is off', () => {
    const cache = new SessionCache(undefined);
    cache.storeSession(cache.begin(), 'h', setUp().read());
    expect(cache.enabled).toBe(false);
    expect(cache.caller('h', 30)).toBeUndefined();
  });
});
