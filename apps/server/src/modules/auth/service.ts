import type {
  AuthResult,
  LoginBodySchema,
  LoginResult,
  LoginSecondFactorBodySchema,
  RegisterBodySchema,
} from '@iddesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, newApiToken } from '../../lib/tokens';
import type { Keyring } from '../app-key';
import { CHALLENGE_EXPIRED, checkSecondFactorCode, issueChallenge, openChallenge, WRONG_CODE } from '../second-factor';
import { contactConflictFromDb, takenContactsError } from '../users';
import { findTakenContacts, findUserById, findUserForLogin, insertUser } from '../users';
import { deleteExpiredSessions, deleteSession, insertSession, touchSession } from './repository';
import type { AuthContext, SessionSettings } from './types';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_BLOCKED = 'This account has been blocked. Please contact support.';

type RegisterInput = z.output<typeof RegisterBodySchema>;
type LoginInput = z.output<typeof LoginBodySchema>;
type SecondFactorInput = z.output<typeof LoginSecondFactorBodySchema>;

export async function register(
  db: Db,
  input: RegisterInput,
  sessionSettings: SessionSettings,
): Promise<AuthResult> {
  const taken = takenContactsError(await findTakenContacts(db, input));
  if (taken) throw taken;

  // Hashing takes tens of milliseconds; never inside a transaction (DESIGN.md §5).
  const passwordHash = await hashPassword(input.password);
  const token = newApiToken();
  try {
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
      });
      await insertSession(tx, {
        userId: created.id,
        tokenHash: hashToken(token),
        maxDays: sessionSettings.maxDays,
      });
      return created;
    });
    return { api_token: token, type: user.type };
  } catch (error) {
    throw contactConflictFromDb(error) ?? error;
  }
}

/** `login` is an email when it has an @, otherwise a phone, normalised like PhoneSchema does. */
export function loginLookup(login: string): { email: string } | { phone: string } {
  return login.includes('@')
    ? { email: login.trim().toLowerCase() }
    : { phone: login.replace(/[\s\-()]/g, '') };
}

/**
 * Wrong login and wrong password answer the same, in about the same time. Only after the
 * password proved the caller owns the account do we say that it is blocked. An account with a
 * second factor gets no token yet: a short-lived challenge to send back with a code.
 */
export async function login(
  db: Db,
  keyring: Keyring,
  input: LoginInput,
  sessionSettings: SessionSettings,
  now: Date,
): Promise<LoginResult> {
  const user = await findUserForLogin(db, loginLookup(input.login));
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw ValidationError.field('login', BAD_CREDENTIALS);
  if (user.isBlocked) throw ValidationError.field('login', ACCOUNT_BLOCKED);
  if (user.secondFactor) {
    return { second_factor_required: true, challenge: issueChallenge(keyring, user.id, now) };
  }
  return startSession(db, user, sessionSettings);
}

/** Sign-in, step two: the challenge from `login` and a current or recovery code. */
export async function loginWithSecondFactor(
  db: Db,
  keyring: Keyring,
  input: SecondFactorInput,
  sessionSettings: SessionSettings,
  now: Date,
): Promise<AuthResult> {
  const userId = openChallenge(keyring, input.challenge, now);
  const user = userId === null ? null : await findUserById(db, userId);
  // Blocked, or the factor reset, since the password step: start again.
  if (!user || !user.secondFactor) throw ValidationError.field('code', CHALLENGE_EXPIRED);
  if (user.isBlocked) throw ValidationError.field('code', ACCOUNT_BLOCKED);
  if (!(await checkSecondFactorCode(db, keyring, user.id, input.code, now))) {
    throw ValidationError.field('code', WRONG_CODE);
  }
  return startSession(db, user, sessionSettings);
}

async function startSession(
  db: Db,
  user: { id: number; type: AuthResult['type'] },
  sessionSettings: SessionSettings,
): Promise<AuthResult> {
  const token = newApiToken();
  await db.transaction(async (tx) => {
    await deleteExpiredSessions(tx, user.id, sessionSettings.idleDays);
    await insertSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      maxDays: sessionSettings.maxDays,
    });
  });
  return { api_token: token, type: user.type };
}

export async function logout(db: Db, auth: AuthContext): Promise<void> {
  await deleteSession(db, auth.sessionId);
}

/** Bearer token → caller, or null when the token is unknown, expired, revoked or blocked. */
export async function authenticate(
  db: Db,
  token: string,
  sessionSettings: SessionSettings,
): Promise<AuthContext | null> {
  const row = await touchSession(db, hashToken(token), sessionSettings.idleDays);
  if (!row) return null;
  const { sessionId, ...user } = row;
  return { user, sessionId };
}
