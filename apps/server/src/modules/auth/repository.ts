import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { blockedSessionTokens, knownDevices, knownSignIns, sessions, signInChallenges, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import type { Db } from '../../db/types';
import { publicUserColumns, type PublicUser } from '../users';

/**
 * Where a sign-in comes from: the client IP, its User-Agent header, and the device token its
 * cookie carries (or the new one the answer will set: auth/device.ts).
 */
export type SignInOrigin = { ip: string; userAgent: string | null; device?: string | null };

/**
 * A new session, its IP remembered as a known sign-in of the account (the failure budget does
 * not apply to it, docs/security.md §1) and its device as a known device (wrong second-factor
 * codes sent by others do not make it wait, issue 51 finding 6).
 */
export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; maxDays: number; origin?: SignInOrigin },
): Promise<void> {
  await db.insert(sessions).values({
    userId: values.userId,
    tokenHash: values.tokenHash,
    expiresAt: sql`now() + make_interval(days => ${values.maxDays})`,
    ip: values.origin?.ip ?? null,
    userAgent: values.origin?.userAgent?.slice(0, 512) ?? null,
  });
  if (!values.origin) return;
  await db
    .insert(knownSignIns)
    .values({ userId: values.userId, ip: values.origin.ip })
    .onConflictDoUpdate({ target: [knownSignIns.userId, knownSignIns.ip], set: { lastAt: sql`now()` } });
  if (!values.origin.device) return;
  await db
    .insert(knownDevices)
    .values({ userId: values.userId, deviceHash: hashToken(values.origin.device) })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastAt: sql`now()` } });
}

/** Whether the account has signed in successfully from this IP before. */
export async function isKnownSignIn(db: Db, userId: number, ip: string): Promise<boolean> {
  const rows = await db
    .select({ ip: knownSignIns.ip })
    .from(knownSignIns)
    .where(and(eq(knownSignIns.userId, userId), eq(knownSignIns.ip, ip)))
    .limit(1);
  return rows.length > 0;
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
export function sessionCallerCtes(db: Db, tokenHash: string, idleDays: number) {
  const caller = db.$with('caller').as(
    db
      .select({
        sessionId: sql<number>`${sessions.id}`.as('session_id'),
        sessionLastUsedAt: sql<Date>`${sessions.lastUsedAt}`.mapWith(sessions.lastUsedAt).as('session_last_used_at'),
        sessionExpiresAt: sql<Date>`${sessions.expiresAt}`.mapWith(sessions.expiresAt).as('session_expires_at'),
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

type CallerCte = ReturnType<typeof sessionCallerCtes>['caller'];

/** The caller's columns as a statement selects them from `sessionCallerCtes`' `caller`. */
export function sessionCallerColumns(caller: CallerCte) {
  return {
    sessionId: caller.sessionId,
    id: caller.id,
    name: caller.name,
    email: caller.email,
    phone: caller.phone,
    type: caller.type,
    balance: caller.balance,
    isBlocked: caller.isBlocked,
    createdAt: caller.createdAt,
    expiresAt: caller.sessionExpiresAt,
    lastUsedAt: caller.sessionLastUsedAt,
    role: caller.role,
    secondFactor: caller.secondFactor,
    locale: caller.locale,
  };
}

/** The session and its user as the session cache keeps them (its times in milliseconds). */
export type SessionCallerRow = PublicUser & { sessionId: number; expiresAt: number; lastUsedAt: number };

/** A row of `sessionCallerColumns` as the session cache keeps it. */
export function sessionCallerOf({ expiresAt, lastUsedAt, ...row }: PublicUser & { sessionId: number; expiresAt: Date; lastUsedAt: Date }): SessionCallerRow {
  return { ...row, expiresAt: expiresAt.getTime(), lastUsedAt: lastUsedAt.getTime() };
}

/**
 * The whole token check in one statement: a live session of an unblocked user, its last use
 * bumped when stale, and the user.
 */
export async function touchSession(db: Db, tokenHash: string, idleDays: number): Promise<SessionCallerRow | null> {
  const { caller, touch } = sessionCallerCtes(db, tokenHash, idleDays);
  const [row] = await db.with(caller, touch).select(sessionCallerColumns(caller)).from(caller);
  return row ? sessionCallerOf(row) : null;
}

/**
 * The one way sessions end: sign-out, "end this session", "end all others", a password
 * change or reset, a block. Every caller goes through here, so whatever remembers session
 * validity (a cache of the poll's token check) has one place to forget it. `only` ends that
 * one session of the user, `except` keeps that one; neither ends them all. Returns the ids
 * of the sessions that ended. `blocked`: a block ended them; their token hashes are kept so
 * a later call with one is told the account is blocked (`isBlockedToken`). Ending more than one
 * session also voids the account's second-factor sign-in challenges.
 */
export async function endSessions(
  db: Db,
  userId: number,
  options: { only?: number; except?: number; blocked?: boolean } = {},
): Promise<number[]> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        options.only === undefined ? undefined : eq(sessions.id, options.only),
        options.except === undefined ? undefined : ne(sessions.id, options.except),
      ),
    )
    .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
  // A sign-in halfway through (the password given, the code not yet) ends with the sessions:
  // a password change or reset, a block, a second-factor change void its challenge (issue 51).
  if (options.only === undefined) await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  if (options.blocked && rows.length > 0) {
    await db
      .insert(blockedSessionTokens)
      .values(rows.map((row) => ({ tokenHash: row.tokenHash, userId })))
      .onConflictDoNothing();
  }
  return rows.map((row) => row.id);
}

/** The user's live sessions (not expired, not idle too long), most recently used first. */
export async function listLiveSessions(db: Db, userId: number, idleDays: number) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(days => ${idleDays})`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
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

/** Whether this token's session was ended by a block and its account is still blocked. */
export async function isBlockedToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: blockedSessionTokens.userId })
    .from(blockedSessionTokens)
    .innerJoin(users, eq(users.id, blockedSessionTokens.userId))
    .where(and(eq(blockedSessionTokens.tokenHash, tokenHash), eq(users.isBlocked, true)))
    .limit(1);
  return rows.length > 0;
}
