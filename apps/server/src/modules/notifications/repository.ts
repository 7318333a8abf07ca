import { and, asc, count, desc, eq, getTableColumns, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Locale } from '@iddesk/contract';
import { notifications, type NotificationRow, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import type { PageWindow } from '../../lib/pagination';
import { type SessionCallerRow, sessionCallerColumns, sessionCallerCtes, sessionCallerOf } from '../auth';

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'title' | 'body' | 'messageKey' | 'messageValues' | 'link'
>;

/** The language a user reads their notifications in. */
export async function recipientLocale(tx: Tx, userId: number): Promise<Locale> {
  const [row] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? 'en';
}

export type AlertRecipient = { id: number; name: string; email: string; locale: Locale };

/**
 * Who hears of wrong codes on an account: its holder (first), and for a staff account every
 * owner who can sign in. Nobody when the account is gone.
 */
export async function wrongCodeRecipients(tx: Tx, userId: number): Promise<AlertRecipient[]> {
  const columns = { id: users.id, name: users.name, email: users.email, locale: users.locale, type: users.type };
  const [holder] = await tx.select(columns).from(users).where(eq(users.id, userId));
  if (!holder) return [];
  const owners =
    holder.type === 'admin'
      ? await tx
          .select(columns)
          .from(users)
          .where(and(eq(users.role, 'owner'), eq(users.isBlocked, false), ne(users.id, userId)))
          .orderBy(asc(users.id))
      : [];
  return [holder, ...owners].map(({ type: _type, ...recipient }) => recipient);
}

export async function insertNotification(
  tx: Tx,
  values: NewNotification,
): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(values).returning();
  return row!;
}

/**
 * The poll, token check included, in ONE statement: the session check (and its occasional
 * touch) runs as CTEs and the caller's newer notifications are joined to it. No row at all
 * means the token is not good; one row with a null id means a good token and nothing new.
 *
 * `newer` is the caller's newest `limit` above `afterId`, read straight off the
 * `(user_id, id)` index: usually one row or none. `afterId` is compared through a sub-select
 * on purpose: a bare parameter lets the planner estimate each call's range from its value, so
 * custom plans look cheaper than the generic one and the statement is planned on every call;
 * the sub-select's value is unknown to every plan, so PostgreSQL keeps one generic plan.
 * (The statement once took the newest `limit` and filtered them in the join to get a generic
 * plan; that read all 50 rows of the caller's window on every poll: 53 buffers instead of 10,
 * 0.28 ms instead of 0.05 ms in PostgreSQL, and on PGlite, whose buffer pool is small, a read
 * from the data files for most of them.)
 */
export async function topForToken(
  db: Db,
  { tokenHash, idleDays, afterId, limit }: { tokenHash: string; idleDays: number; afterId: number; limit: number },
): Promise<{ caller: SessionCallerRow; items: NotificationRow[] } | null> {
  const { caller, touch } = sessionCallerCtes(db, tokenHash, idleDays);
  const newer = db.$with('newer').as(
    db
      .select(getTableColumns(notifications))
      .from(notifications)
      .innerJoin(caller, eq(notifications.userId, caller.id))
      // A sub-select, not the bare parameter: see above.
      .where(gt(notifications.id, sql`(select ${afterId}::int)`))
      .orderBy(desc(notifications.id))
      .limit(limit),
  );
  const rows = await db
    .with(caller, touch, newer)
    .select({
      caller: sessionCallerColumns(caller),
      notification: {
        id: newer.id,
        userId: newer.userId,
        title: newer.title,
        body: newer.body,
        messageKey: newer.messageKey,
        messageValues: newer.messageValues,
        link: newer.link,
        readAt: newer.readAt,
        createdAt: newer.createdAt,
      },
    })
    .from(caller)
    .leftJoin(newer, sql`true`)
    .orderBy(desc(newer.id));
  const first = rows[0];
  if (!first) return null;
  // Nothing new: one row whose notification part is null.
  const items = rows.flatMap(({ notification }) => (notification?.id == null ? [] : [notification]));
  return { caller: sessionCallerOf(first.caller), items };
}

/** A page of the user's notifications with the total and unread counts, in one statement. */
export async function listNotifications(
  db: Db,
  userId: number,
  window: PageWindow,
): Promise<{ items: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(notifications.userId, userId);
  const counts = () =>
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine);
  // Both counts ride on the page's rows as scalar subqueries (lib/pagination.ts withTotal).
  const rows = await db
    .select({
      ...getTableColumns(notifications),
      total: db.$count(notifications, mine),
      unread: db.$count(notifications, and(mine, isNull(notifications.readAt))),
    })
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.id))
    .limit(window.limit)
    .offset(window.offset);
  const first = rows[0];
  if (!first && window.offset === 0) return { items: [], total: 0, unread: 0 };
  const totals = first ?? (await counts())[0];
  return {
    items: rows.map(({ total: _total, unread: _unread, ...row }) => row),
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
  };
}

/** Marks the user's notifications up to `upToId` read; returns how many stay unread. */
export async function markRead(db: Db, userId: number, upToId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          lte(notifications.id, upToId),
        ),
      );
    return tx.$count(
      notifications,
      and(eq(notifications.userId, userId), isNull(notifications.readAt)),
    );
  });
}
