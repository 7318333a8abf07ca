import { type Locale, NOTIFICATIONS_TOP_LIMIT, type PageQuery } from '@iddesk/contract';
import type { Db, Tx } from '../../db/types';
import type { NotificationRow } from '../../db/schema';
import { pageWindow, toPage } from '../../lib/pagination';
import { hashToken } from '../../lib/tokens';
import { sessionCacheOf } from '../../caches/session-cache';
import { keepCaller } from '../auth';
import { inEveryLanguage, queueTelegram } from '../telegram';
import { type Notice, noticeText } from './messages';
import {
  insertNotification,
  listNotifications,
  markRead,
  recipientLocale,
  topForToken,
} from './repository';
import { toNotificationJson } from './serialize';

/**
 * Tell a user what an admin did to something of theirs. Takes the action's transaction on
 * purpose: the notification commits or rolls back with the change it describes, so each
 * action that happened has exactly one, and one that failed has none. It keeps its key and
 * values, so each reader sees it in their language when they read it (`noticeText`); the text
 * in the recipient's language now is kept beside them. A linked Telegram chat gets it too
 * (docs/product.md#telegram): queued in the same transaction, written by the same `noticeText`
 * in every language, sent after the commit in the language the account has then.
 */
export async function notify(tx: Tx, notice: Notice, knownLocale?: Locale): Promise<void> {
  // A caller whose statement already returned the recipient's language passes it: one read fewer.
  const locale = knownLocale ?? (await recipientLocale(tx, notice.userId));
  const values = notice.values ?? {};
  await insertNotification(tx, {
    userId: notice.userId,
    ...noticeText(locale, notice.key, values),
    messageKey: notice.key,
    messageValues: values,
    link: notice.link,
  });
  const texts = inEveryLanguage((l) => {
    const { title, body } = noticeText(l, notice.key, values);
    return `${title}\n${body}`;
  });
  await queueTelegram(tx, notice.userId, texts, notice.link);
}

export async function listOwn(db: Db, userId: number, query: PageQuery, timeZone: string, locale: Locale) {
  const { items, total, unread } = await listNotifications(db, userId, pageWindow(query));
  return {
    ...toPage(
      items.map((n) => toNotificationJson(n, timeZone, locale)),
      total,
      query,
    ),
    unread,
  };
}

/**
 * The poll: null when the token is not good (the caller answers 401). From memory when it can.
 * The rows, newest first: the route writes them in the caller's language only when there are any.
 */
export async function topForBearer(db: Db, token: string, afterId: number, idleDays: number): Promise<NotificationRow[] | null> {
  const tokenHash = hashToken(token);
  // Almost every poll: a session this process knows and nothing above the id (auth's cache,
  // emptied by the change feed when a notification is written): no database work at all.
  const cache = sessionCacheOf(db);
  const caller = cache.caller(tokenHash, idleDays);
  if (caller) {
    const bound = cache.notificationBound(caller.user.id);
    if (bound !== undefined && afterId >= bound) return [];
  }
  const generation = cache.begin();
  const result = await topForToken(db, {
    tokenHash,
    idleDays,
    afterId,
    limit: NOTIFICATIONS_TOP_LIMIT,
  });
  if (!result) return null;
  // Kept as the token check keeps it: a server that gets this customer's polls of `top` and
  // none of their other calls (a balancer's turn) answers the next one from memory too.
  const { user } = keepCaller(db, generation, tokenHash, result.caller);
  // Newest first: the first is the user's newest; with none, nothing is above `afterId`.
  cache.storeNotificationBound(generation, user.id, result.items[0]?.id ?? afterId);
  return result.items;
}

export async function markSeen(db: Db, userId: number, upToId: number) {
  return { unread: await markRead(db, userId, upToId) };
}
