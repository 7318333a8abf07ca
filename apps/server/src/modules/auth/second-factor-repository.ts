import { and, eq, gt, isNull, lte, lt, or, sql } from 'drizzle-orm';
import { knownDevices, recoveryCodes, signInChallenges, users } from '../../db/schema';
import type { Db } from '../../db/types';

export async function findSecondFactorState(db: Db, userId: number) {
  const rows = await db
    .select({ secondFactor: users.secondFactor, sealed: users.totpSecretSealed })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** A new enrolment's secret; the second factor stays off until its first code is confirmed. */
export async function storePendingSecret(db: Db, userId: number, sealed: string) {
  await db
    .update(users)
    .set({ totpSecretSealed: sealed, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.secondFactor, false)));
}

/**
 * Takes time step `step` for the user: true once, false when this or a later step was already
 * used (a code seen by someone over the user's shoulder does not work a second time).
 */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses one recovery code: true once per code. */
export async function claimRecoveryCode(
  db: Db,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function turnOn(db: Db, userId: number, codeHashes: string[]) {
  await db
    .update(users)
    .set({ secondFactor: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Off, secret and recovery codes gone: the next enrolment starts from nothing. */
export async function turnOff(db: Db, userId: number) {
  await db
    .update(users)
    .set({ secondFactor: false, totpSecretSealed: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * A new sign-in challenge (its token's hash) that ends at `expiresAt`; the user's challenges
 * that have ended already are cleared on the way, so they do not pile up.
 */
export async function insertChallenge(db: Db, userId: number, tokenHash: string, now: Date, expiresAt: Date) {
  await db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.userId, userId), lte(signInChallenges.expiresAt, now)));
  await db.insert(signInChallenges).values({ userId, tokenHash, expiresAt });
}

/** Whose live challenge this is, or null (unknown, used, ended, or voided by `endSessions`). */
export async function findChallengeUser(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, now)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/**
 * Uses the challenge up: whose it was, once; null for every other taker. In the sign-in's
 * transaction, so a wrong code rolls it back and the challenge stays for the next try, and two
 * sign-ins racing with one challenge (each with a good code) give one session.
 */
export async function takeChallenge(tx: Db, tokenHash: string, now: Date): Promise<number | null> {
  const rows = await tx
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, now)))
    .returning({ userId: signInChallenges.userId });
  return rows[0]?.userId ?? null;
}

/** Whether the account signed in on this device (the hash of its token) within `days`. */
export async function isKnownDevice(db: Db, userId: number, deviceHash: string, days: number): Promise<boolean> {
  const rows = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        eq(knownDevices.deviceHash, deviceHash),
        gt(knownDevices.lastAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
