import { and, eq, gt, lt, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { decode, preparedStatement } from '../../db/prepared';
import type { Db } from '../../db/types';
import { publicUserColumns } from '../users';
import type { PublicUser } from '../users';

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
 * A session's last use is written at most this often. The idle limit is counted in days, so
 * five minutes of slack changes nothing, and most polls then read without writing: no row
 * lock, no WAL, no commit to flush.
 */
const TOUCH_EVERY = sql`interval '5 minutes'`;

/**
 * The token check as two CTEs for a query to select from: `caller` is the live session of an
 * unblocked user (with the user), `touch` bumps its last use when that is older than
 * TOUCH_EVERY. Routes that must cost one round trip (the notifications poll) put them in
 * front of their own select.
 */
export function sessionCallerCtes(
  db: Db,
  tokenHash: Placeholder<'tokenHash'>,
  idleDays: Placeholder<'idleDays'>,
) {
  const caller = db.$with('caller').as(
    db
      .select({
        sessionId: sql<number>`${sessions.id}`.as('session_id'),
        sessionLastUsedAt: sql<Date>`${sessions.lastUsedAt}`.as('session_last_used_at'),
        ...publicUserColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          eq(users.isBlocked, false),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastUsedAt, sql`now() - make_interval(days => ${idleDays})`),
        ),
      ),
  );
  const touch = db.$with('touch').as(
    db
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .from(caller)
      .where(
        and(
          eq(sessions.id, caller.sessionId),
          lt(caller.sessionLastUsedAt, sql`now() - ${TOUCH_EVERY}`),
        ),
      )
      .returning({ touchedId: sessions.id }),
  );
  return { caller, touch };
}

/** Column order of the token check's rows (decoded by `touchSession`). */
const touchSessionStatement = preparedStatement<'tokenHash' | 'idleDays'>('touch_session', (db) => {
  const { caller, touch } = sessionCallerCtes(
    db,
    sql.placeholder('tokenHash'),
    sql.placeholder('idleDays'),
  );
  return db
    .with(caller, touch)
    .select({
      sessionId: caller.sessionId,
      id: caller.id,
      name: caller.name,
      email: caller.email,
      phone: caller.phone,
      type: caller.type,
      balance: caller.balance,
      isBlocked: caller.isBlocked,
      createdAt: caller.createdAt,
      role: caller.role,
      secondFactor: caller.secondFactor,
    })
    .from(caller);
});

/**
 * The whole token check in one round trip (the 5-second poll runs through it): a live
 * session of an unblocked user, its last use bumped when stale, and the user.
 */
export async function touchSession(db: Db, tokenHash: string, idleDays: number) {
  const rows = await touchSessionStatement(db, { tokenHash, idleDays });
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: decode.int(row[0]!),
    id: decode.int(row[1]!),
    name: row[2]!,
    email: row[3]!,
    phone: row[4]!,
    type: row[5] as PublicUser['type'],
    balance: decode.bigint(row[6]!),
    isBlocked: decode.bool(row[7]!),
    createdAt: decode.date(row[8]!),
    role: (row[9] ?? null) as PublicUser['role'],
    secondFactor: decode.bool(row[10]!),
  };
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

/** Every session of a user ends (a disabled staff account, a reset second factor). */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
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
