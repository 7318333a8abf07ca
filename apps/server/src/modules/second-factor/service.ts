import { RECOVERY_CODE_COUNT, type SecondFactorSetup } from '@iddesk/contract';
import type { Db } from '../../db/types';
import { ConflictError, ValidationError } from '../../errors/app-errors';
import { sealSecret } from '../../lib/secret-box';
import { hashToken } from '../../lib/tokens';
import { type Keyring, SEALED } from '../app-key';
import type { PublicUser } from '../users';
import {
  claimRecoveryCode,
  claimStep,
  findSecondFactorState,
  storePendingSecret,
  turnOff,
  turnOn,
} from './repository';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpStep } from './totp';
import { t } from '../../lib/i18n';

/** How long the step between the password and the code may take. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * What a sign-in challenge stands for: the password was right, and next comes a code
 * (`second-factor`) or, for a generated password, the user's own (`new-password`). Each is
 * sealed for its purpose, so one never opens as the other.
 */
export type ChallengePurpose = 'second-factor' | 'new-password';
const CHALLENGE_PURPOSES: Record<ChallengePurpose, string> = {
  'second-factor': 'login.second_factor_challenge',
  'new-password': 'login.new_password_challenge',
};

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

/** The first code from the app turns the second factor on; the recovery codes are shown once. */
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
  if (step === null) throw ValidationError.field('code', t('api.auth.wrongCode'));
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await db.transaction(async (tx) => {
    if (!(await claimStep(tx, user.id, step))) throw ValidationError.field('code', t('api.auth.wrongCode'));
    await turnOn(
      tx,
      user.id,
      codes.map((c) => hashToken(normaliseRecoveryCode(c))),
    );
    await endOtherSessions(tx, user.id);
  });
  return { recovery_codes: codes };
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
 * while STAFF_SECOND_FACTOR is `required`: an owner resets it instead.
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
  if (!(await checkSecondFactorCode(db, keyring, user.id, code, now)))
    throw ValidationError.field('code', t('api.auth.wrongCode'));
  await db.transaction(async (tx) => {
    await turnOff(tx, user.id);
    await endOtherSessions(tx, user.id);
  });
}

/** An owner's reset of a staff member's second factor (the caller audits it). */
export async function resetSecondFactor(db: Db, userId: number) {
  await turnOff(db, userId);
}

/**
 * The short-lived proof that the password was right, handed back with the code: sealed with
 * the app key (any server of the deployment opens it), so nothing is stored.
 */
export function issueChallenge(
  keyring: Keyring,
  userId: number,
  now: Date,
  purpose: ChallengePurpose = 'second-factor',
): string {
  const payload = JSON.stringify({ u: userId, x: now.getTime() + CHALLENGE_TTL_MS });
  return Buffer.from(sealSecret(keyring.current, CHALLENGE_PURPOSES[purpose], payload)).toString('base64url');
}

/** The user id a challenge was issued for, or null when it is forged, altered or expired. */
export function openChallenge(
  keyring: Keyring,
  challenge: string,
  now: Date,
  purpose: ChallengePurpose = 'second-factor',
): number | null {
  try {
    const sealed = Buffer.from(challenge, 'base64url').toString('utf8');
    const { u, x } = JSON.parse(keyring.open(CHALLENGE_PURPOSES[purpose], sealed)) as {
      u: unknown;
      x: unknown;
    };
    if (typeof u !== 'number' || typeof x !== 'number' || x <= now.getTime()) return null;
    return u;
  } catch {
    return null;
  }
}
