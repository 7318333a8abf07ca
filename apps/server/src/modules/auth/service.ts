import type { AuthResult, LoginBodySchema, RegisterBodySchema } from '@iddesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, newApiToken } from '../../lib/tokens';
import { contactConflictFromDb, takenContactsError } from '../users';
import { findTakenContacts, findUserForLogin, insertUser } from '../users';
import { deleteExpiredSessions, deleteSession, insertSession, touchSession } from './repository';
import { sessionCacheOf } from './session-cache';
import type { AuthContext, SessionSettings } from './types';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const ACCOUNT_BLOCKED = 'This account has been blocked. Please contact support.';

type RegisterInput = z.output<typeof RegisterBodySchema>;
type LoginInput = z.output<typeof LoginBodySchema>;

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
 * password proved the caller owns the account do we say that it is blocked.
 */
export async function login(
  db: Db,
  input: LoginInput,
  sessionSettings: SessionSettings,
): Promise<AuthResult> {
  const user = await findUserForLogin(db, loginLookup(input.login));
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw ValidationError.field('login', BAD_CREDENTIALS);
  if (user.isBlocked) throw ValidationError.field('login', ACCOUNT_BLOCKED);

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
  await deleteSession(db, auth.user.id, auth.sessionId);
}

/**
 * Bearer token → caller, or null when the token is unknown, expired, revoked or blocked.
 * From memory when this process has it (auth/session-cache.ts): the 5-second poll then costs
 * no database round trip; otherwise one statement, whose answer is kept.
 */
export async function authenticate(
  db: Db,
  token: string,
  sessionSettings: SessionSettings,
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const known = cache.caller(tokenHash, sessionSettings.idleDays);
  if (known) return known;
  const generation = cache.begin();
  const row = await touchSession(db, tokenHash, sessionSettings.idleDays);
  if (!row) return null;
  const { sessionId, expiresAt, lastUsedAt, ...user } = row;
  cache.storeSession(generation, tokenHash, { sessionId, userId: user.id, expiresAt, lastUsedAt, user });
  return { user, sessionId };
}
