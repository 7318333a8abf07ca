import type { Locale } from '@iddesk/contract';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  bills,
  idRequests,
  telegramLinkCodes,
  telegramLinks,
  telegramOutbox,
  telegramQueueAlerts,
  type TelegramQueue,
  userIds,
  users,
  withdrawals,
} from '../../db/schema';
import type { Db, Tx } from '../../db/types';

/** A message in every language (the recipient's language when it is sent picks one). */
export type Texts = Record<Locale, string>;

/* ---------- links and codes ---------- */

export async function linkOf(db: Db, userId: number) {
  const [row] = await db
    .select({ name: telegramLinks.name, linkedAt: telegramLinks.linkedAt })
    .from(telegramLinks)
    .where(eq(telegramLinks.userId, userId));
  return row ?? null;
}

/** The account's one code: a new one replaces the one before. */
export async function putLinkCode(db: Db, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .insert(telegramLinkCodes)
    .values({ userId, codeHash, expiresAt })
    .onConflictDoUpdate({ target: telegramLinkCodes.userId, set: { codeHash, expiresAt } });
}

/** Uses a code up, whatever its expiry: a code works once. */
export async function takeLinkCode(tx: Tx, codeHash: string) {
  const [row] = await tx
    .delete(telegramLinkCodes)
    .where(eq(telegramLinkCodes.codeHash, codeHash))
    .returning({ userId: telegramLinkCodes.userId, expiresAt: telegramLinkCodes.expiresAt });
  return row ?? null;
}

/** The account a chat is linked to, as the bot's commands need it. */
export async function accountOfChat(tx: Tx, chatId: number) {
  const [row] = await tx
    .select({
      userId: users.id,
      type: users.type,
      balance: users.balance,
      isBlocked: users.isBlocked,
    })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(eq(telegramLinks.chatId, chatId));
  return row ?? null;
}

export async function accountById(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ type: users.type, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Links `chatId` to the account, unlinking whatever either was linked to before. */
export async function putLink(
  tx: Tx,
  link: { userId: number; chatId: number; name: string | null; staff: boolean },
): Promise<void> {
  await tx
    .delete(telegramLinks)
    .where(or(eq(telegramLinks.userId, link.userId), eq(telegramLinks.chatId, link.chatId)));
  await tx.insert(telegramLinks).values(link);
}

/** Removes the account's link; returns the chat it had, if any. */
export async function deleteLinkOfUser(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .delete(telegramLinks)
    .where(eq(telegramLinks.userId, userId))
    .returning({ chatId: telegramLinks.chatId });
  return row?.chatId ?? null;
}

/** Removes the chat's link; returns the account it had, if any. */
export async function deleteLinkOfChat(db: Db, chatId: number): Promise<number | null> {
  const [row] = await db
    .delete(telegramLinks)
    .where(eq(telegramLinks.chatId, chatId))
    .returning({ userId: telegramLinks.userId });
  return row?.userId ?? null;
}

/* ---------- the outbox ---------- */

/**
 * A message to the account's linked chat, if it has one: one statement, which writes nothing
 * for an account without a chat. Called in the transaction of what the message tells.
 */
export async function queueForAccount(tx: Tx, userId: number, texts: Texts, link: string | null): Promise<void> {
  await tx.execute(sql`
    insert into ${telegramOutbox} (user_id, texts, link)
    select ${telegramLinks.userId}, ${JSON.stringify(texts)}::jsonb, ${link}::text
    from ${telegramLinks} where ${telegramLinks.userId} = ${userId}`);
}

/** A message to one chat (the bot's answer), in the language of `userId` when one is given. */
export async function queueForChat(
  tx: Tx,
  message: { chatId: number; userId: number | null; texts: Texts; link: string | null },
): Promise<void> {
  await tx.insert(telegramOutbox).values(message);
}

/** A message as a sender claimed it: where to, in which language, and what. */
export type ClaimedMessage = {
  id: number;
  attempts: number;
  /** The chat it goes to; null: the account has no chat (any more), so it is dropped. */
  chatId: number | null;
  locale: Locale | null;
  /** To an account (not a direct answer) that is blocked now: dropped. */
  toBlockedAccount: boolean;
  texts: Texts;
  link: string | null;
  createdAt: Date;
};

/**
 * Claims up to `limit` messages that are due, for `leaseSeconds`: their `due_at` moves that far
 * ahead, so no other sender takes them while this one sends (`FOR UPDATE SKIP LOCKED`: two
 * senders never wait for or claim the same row). One ordinary statement, so it works on
 * PGlite and through a pooler in transaction mode. A sender that dies mid-send leaves its rows
 * to be claimed again when the lease ends.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
  const due = db
    .select({ id: telegramOutbox.id })
    .from(telegramOutbox)
    .where(lte(telegramOutbox.dueAt, sql`now()`))
    .orderBy(asc(telegramOutbox.dueAt), asc(telegramOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = db.$with('claimed').as(
    db
      .update(telegramOutbox)
      .set({
        dueAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        attempts: sql`${telegramOutbox.attempts} + 1`,
      })
      .where(inArray(telegramOutbox.id, due))
      .returning(),
  );
  const rows = await db
    .with(claimed)
    .select({
      id: claimed.id,
      attempts: claimed.attempts,
      chatId: sql<number | null>`coalesce(${claimed.chatId}, ${telegramLinks.chatId})`.mapWith(
        (v: string | number | null) => (v === null ? null : Number(v)),
      ),
      locale: users.locale,
      isBlocked: users.isBlocked,
      direct: sql<boolean>`${claimed.chatId} is not null`,
      texts: claimed.texts,
      link: claimed.link,
      createdAt: claimed.createdAt,
    })
    .from(claimed)
    .leftJoin(telegramLinks, and(sql`${claimed.chatId} is null`, eq(telegramLinks.userId, claimed.userId)))
    .leftJoin(users, eq(users.id, claimed.userId))
    .orderBy(asc(claimed.id));
  return rows.map(({ direct, isBlocked, ...row }) => ({
    ...row,
    toBlockedAccount: !direct && isBlocked === true,
  }));
}

export async function deleteMessages(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(telegramOutbox).where(inArray(telegramOutbox.id, ids));
}

/** Due again in `seconds`; `countAttempt: false` (Telegram's 429) gives the attempt back. */
export async function retryMessages(db: Db, ids: number[], seconds: number, countAttempt = true): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(telegramOutbox)
    .set({
      dueAt: sql`now() + make_interval(secs => ${seconds})`,
      ...(countAttempt ? {} : { attempts: sql`${telegramOutbox.attempts} - 1` }),
    })
    .where(inArray(telegramOutbox.id, ids));
}

/* ---------- queue alerts ---------- */

/** A staff account with a linked chat, as the alerts' fan-out filters them. */
export type LinkedStaff = {
  userId: number;
  role: 'owner' | 'cashier' | 'support' | null;
  secondFactor: boolean;
};

/** One new queue item, with what an alert says of it. */
export type AlertItem = { queue: TelegramQueue; id: number; amount: bigint | null };

/**
 * Takes up to `limit` queue-alert notes (each taken by one sender) and what each item is,
 * if it still waits; plus every unblocked staff account with a chat. Run in the transaction
 * that writes the alerts' messages, so a note is gone exactly when its messages exist.
 */
export async function takeQueueAlerts(tx: Tx, limit: number): Promise<{ items: AlertItem[]; staff: LinkedStaff[] } | null> {
  const notes = await tx
    .delete(telegramQueueAlerts)
    .where(
      inArray(
        telegramQueueAlerts.id,
        tx
          .select({ id: telegramQueueAlerts.id })
          .from(telegramQueueAlerts)
          .orderBy(asc(telegramQueueAlerts.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: telegramQueueAlerts.id, queue: telegramQueueAlerts.queue, itemId: telegramQueueAlerts.itemId });
  if (notes.length === 0) return null;
  const ids = (queue: TelegramQueue) => notes.filter((n) => n.queue === queue).map((n) => n.itemId);
  const pending = async (queue: TelegramQueue): Promise<AlertItem[]> => {
    const wanted = ids(queue);
    if (wanted.length === 0) return [];
    const rows =
      queue === 'bills'
        ? await tx.select({ id: bills.id, amount: bills.amount }).from(bills).where(and(inArray(bills.id, wanted), eq(bills.status, 'pending')))
        : queue === 'withdrawals'
          ? await tx
              .select({ id: withdrawals.id, amount: withdrawals.amount })
              .from(withdrawals)
              .where(and(inArray(withdrawals.id, wanted), eq(withdrawals.status, 'pending')))
          : queue === 'requests'
            ? await tx
                .select({ id: idRequests.id, amount: idRequests.amount })
                .from(idRequests)
                .where(and(inArray(idRequests.id, wanted), eq(idRequests.status, 'pending')))
            : await tx
                .select({ id: userIds.id, amount: idRequests.amount })
                .from(userIds)
                .leftJoin(idRequests, and(eq(idRequests.userIdId, userIds.id), eq(idRequests.type, 'create')))
                .where(and(inArray(userIds.id, wanted), eq(userIds.status, 'pending')));
    return rows.map((row) => ({ queue, id: row.id, amount: row.amount }));
  };
  const items: AlertItem[] = [];
  for (const queue of ['bills', 'withdrawals', 'requests', 'new_ids'] as const) items.push(...(await pending(queue)));
  if (items.length === 0) return { items, staff: [] };
  const staff = await tx
    .select({ userId: users.id, role: users.role, secondFactor: users.secondFactor })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(and(eq(telegramLinks.staff, true), eq(users.type, 'admin'), eq(users.isBlocked, false)));
  return { items, staff };
}

/** Whether any queue-alert note waits: one index probe, outside any transaction. */
export async function queueAlertsWait(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: telegramQueueAlerts.id }).from(telegramQueueAlerts).limit(1);
  return row !== undefined;
}

/** The alerts' messages, one per staff member and item, in one statement. */
export async function queueAlertMessages(
  tx: Tx,
  messages: { userId: number; texts: Texts; link: string }[],
): Promise<void> {
  if (messages.length > 0) await tx.insert(telegramOutbox).values(messages);
}
