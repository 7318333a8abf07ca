import { RECOVERY_CODE_COUNT, type SecondFactorSetup } from '@iddesk/contract';
import type { Db } from '../../db/types';
import { ConflictError, ValidationError } from '../../errors/app-errors';
import { sealSecret } from '../../lib/secret-box';
import { hashToken, newApiToken } from '../../lib/tokens';
import { type Keyring, SEALED } from '../app-key';
import type { PublicUser } from '../users';
import {
  claimRecoveryCode,
  claimStep,
  findChallengeUser,
  findSecondFactorState,
  insertChallenge,
  storePendingSecret,
  takeChallenge as takeChallengeRow,
  turnOff,
  turnOn,
} from './second-factor-repository';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpStep } from './totp';
import { t } from '../../lib/i18n';

/** How long the step between the password and the code may take. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Starts (or restarts) an enrolment: a fresh secret, sealed, for the app to scan. */
export async function startEnrolment(
  db: Db,
  keyring: Keyring,
  user: PublicUser,
): Promise<SecondFactorSetup> {
  if (user.secondFactor) throw new ConflictError('CONFLICT', t('api.secondFactor.alreadyOn'));
  const { secret, url } = newTotpSecret(user.email);
  await db.transaction(async (tx) => {
    await storePendingSecret(
      tx,
      user.id,
      sealSecret(await keyring.sealingKey(tx), SEALED.totpSecret, secret),
    );
  });
  return { secret, otpauth_url: url };
}

/**
 * A second factor change ends the account's other sessions (issue 15), in its transaction:
 * given by app.ts (the auth module's endSessions, keeping the caller's session).
 */
export type EndOtherSessions = (tx: Db, userId: number) => Promise<unknown>;

/**
 * The first code from the app turns the second factor on; the recovery codes are shown once.
 * Null for a wrong code (the caller counts it, second-factor `CodeAttempts`).
 */
export async function confirmEnrolment(
  db: Db,
  keyring: Keyring,
  user: PublicUser,
  code: string,
  now: Date,
  endOtherSessions: EndOtherSessions,
) {
  const state = await findSecondFactorState(db, user.id);
  if (state?.secondFactor) throw new ConflictError('CONFLICT', t('api.secondFactor.alreadyOn'));
  if (!state?.sealed)
    throw ValidationError.field('code', t('api.secondFactor.scanFirst'));
  const step = totpStep(keyring.open(SEALED.totpSecret, state.sealed), code, now);
  if (step === null) return null;
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  const on = await db.transaction(async (tx) => {
    if (!(await claimStep(tx, user.id, step))) return false;
    await turnOn(
      tx,
      user.id,
      codes.map((c) => hashToken(normaliseRecoveryCode(c))),
    );
    await endOtherSessions(tx, user.id);
    return true;
  });
  return on ? { recovery_codes: codes } : null;
}

/**
 * A current code from the app, or an unused recovery code (then used up). False for anything
 * else, and for a code whose time step was already used.
 */
export async function checkSecondFactorCode(
  db: Db,
  keyring: Keyring,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const state = await findSecondFactorState(db, userId);
  if (!state?.secondFactor || !state.sealed) return false;
  const typed = code.replace(/\s/g, '');
  const step = totpStep(keyring.open(SEALED.totpSecret, state.sealed), typed, now);
  if (step !== null) return claimStep(db, userId, step);
  return claimRecoveryCode(db, userId, hashToken(normaliseRecoveryCode(typed)));
}

/**
 * Turns the caller's second factor off with a current or recovery code. Staff must keep one
 * while STAFF_SECOND_FACTOR is `required`: an owner resets it instead. False for a wrong code.
 */
export async function disableOwn(
  db: Db,
  keyring: Keyring,
  user: PublicUser,
  code: string,
  now: Date,
  staffSecondFactor: 'required' | 'optional',
  endOtherSessions: EndOtherSessions,
) {
  if (!user.secondFactor) throw new ConflictError('CONFLICT', t('api.secondFactor.alreadyOff'));
  if (user.type === 'admin' && staffSecondFactor === 'required') {
    throw new ConflictError(
      'CONFLICT',
      t('api.secondFactor.staffMustKeep'),
    );
  }
  if (!(await checkSecondFactorCode(db, keyring, user.id, code, now))) return false;
  await db.transaction(async (tx) => {
    await turnOff(tx, user.id);
    await endOtherSessions(tx, user.id);
  });
  return true;
}

/** An owner's reset of a staff member's second factor (the caller audits it). */
export async function resetSecondFactor(db: Db, userId: number) {
  await turnOff(db, userId);
}

/**
 * The step between the password and the code (issue 51 finding 6): a random token (256 bits)
 * for the client to send back with the code, stored as its SHA-256 for CHALLENGE_TTL_MS. It is
 * used once (`takeChallenge`), and ending the account's sessions voids it (auth `endSessions`).
 */
export async function issueChallenge(db: Db, userId: number, now: Date): Promise<string> {
  const token = newApiToken();
  await insertChallenge(db, userId, hashToken(token), now, new Date(now.getTime() + CHALLENGE_TTL_MS));
  return token;
}

/** Whose live challenge this is, or null: unknown, used, ended or voided. Takes nothing. */
export function challengeUser(db: Db, challenge: string, now: Date): Promise<number | null> {
  return findChallengeUser(db, hashToken(challenge), now);
}

/** Uses the challenge up, in the sign-in's transaction: whose it was, once; else null. */
export function takeChallenge(tx: Db, challenge: string, now: Date): Promise<number | null> {
  return takeChallengeRow(tx, hashToken(challenge), now);
}
