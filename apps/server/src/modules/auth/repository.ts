import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { publicUserColumns } from '../users/repository';

export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; maxDays: number },
): Promise<void> {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(days => ${values.maxDays})`,
  });
}

/**
 * The whole token check in one round trip (the 5-second poll runs through it): find a live
 * session of an unblocked user, bump its last use, and return the user.
 */
export async function touchSession(db: Db, tokenHash: string, idleDays: number) {
  const rows = await touchSessionQuery(db, tokenHash, idleDays).returning({
    sessionId: sessions.id,
    ...publicUserColumns,
  });
  return rows[0] ?? null;
}

/**
 * The token check as a query to finish with `.returning(…)`: a live session of an unblocked
 * user, its last use bumped. Routes that must cost one round trip (the notifications poll)
 * put it in a CTE in front of their own select instead of running it on its own.
 */
export function touchSessionQuery(db: Db, tokenHash: string, idleDays: number) {
  return db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .from(users)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(users.id, sessions.userId),
        eq(users.isBlocked, false),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(days => ${idleDays})`),
      ),
    );
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: number,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

/** Housekeeping on login, so a user's dead sessions do not pile up. */
export async function deleteExpiredSessions(db: Db, userId: number, idleDays: number) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.expiresAt, sql`now()`),
          lt(sessions.lastUsedAt, sql`now() - make_interval(days => ${idleDays})`),
        ),
      ),
    );
}
