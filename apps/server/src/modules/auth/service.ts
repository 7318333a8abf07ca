import {
  type AuthResult,
  type LoginBodySchema,
  type LoginResult,
  type LoginSecondFactorBodySchema,
  type RegisterBodySchema,
  type Session,
} from '@iddesk/contract';
import { type Locale, normalisePhoneNumber } from '@iddesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { AccountBlockedError, NotFoundError, UnauthenticatedError, ValidationError } from '../../errors/app-errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, newApiToken } from '../../lib/tokens';
import type { Keyring } from '../app-key';
import type { CodeAttempts } from './code-attempts';
import { challengeUser, checkSecondFactorCode, issueChallenge, takeChallenge } from './second-factor';
import { t } from '../../lib/i18n';
import { contactConflictFromDb, takenContactsError } from '../users';
import { findTakenContacts, findUserById, findUserForLogin, insertUser } from '../users';
import type { WindowCounter } from '../../lib/rate-counters';
import {
  deleteExpiredSessions,
  endSessions,
  insertSession,
  isBlockedToken,
  isKnownSignIn,
  listLiveSessions,
  type SessionCallerRow,
  type SignInOrigin,
  touchSession,
} from './repository';
import { deviceName } from './device';
import { type BalanceUse, sessionCacheOf } from '../../caches/session-cache';
import type { AuthContext, SessionSettings } from './types';


type RegisterInput = z.output<typeof RegisterBodySchema>;
type LoginInput = z.output<typeof LoginBodySchema>;
type SecondFactorInput = z.output<typeof LoginSecondFactorBodySchema>;

export async function register(
  db: Db,
  input: RegisterInput,
  sessionSettings: SessionSettings,
  origin: SignInOrigin,
  locale: Locale,
): Promise<AuthResult> {
  const taken = takenContactsError(await findTakenContacts(db, input));
  if (taken) throw taken;

  // Hashing takes tens of milliseconds; never inside a transaction (docs/product.md#running-it).
  const passwordHash = await hashPassword(input.password);
  const token = newApiToken();
  try {
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        // The language the customer registered in is the account's (issue 18).
        locale,
      });
      await insertSession(tx, {
        userId: created.id,
        tokenHash: hashToken(token),
        maxDays: sessionSettings.maxDays,
        origin,
      });
      return created;
    });
    return { api_token: token, type: user.type };
  } catch (error) {
    throw contactConflictFromDb(error) ?? error;
  }
}

/**
 * `login` is an email when it has an @, otherwise a phone in any common spelling, stored one
 * way (issue 17: "98765 43210", "098765-43210", "+91 98765 43210" find the same account).
 */
export function loginLookup(login: string): { email: string } | { phone: string } {
  if (login.includes('@')) return { email: login.trim().toLowerCase() };
  return { phone: normalisePhoneNumber(login) ?? login.trim() };
}

export type LoginDeps = {
  db: Db;
  keyring: Keyring;
  session: SessionSettings;
  /** RATE_LIMIT_AUTH_ACCOUNT_MAX attempts per account per window, from unknown origins. */
  accountLimit: WindowCounter;
  /** Where every second-factor code is counted (second-factor `CodeAttempts`). */
  codeAttempts: CodeAttempts;
};

/**
 * Wrong login and wrong password answer the same, in about the same time. Only after the
 * password proved the caller owns the account do we say that it is blocked. An account with a
 * second factor gets no token yet: a short-lived challenge to send back with a code.
 *
 * The failure budget belongs to the resolved account (issue 15 finding 2): its email and its
 * phone share one budget, and an unknown login has its own, counted alike so the limit tells
 * nothing. An attempt from an IP this account has signed in from before is not counted, so
 * guesses from elsewhere cannot keep the owner out; the per-IP limit still applies to it.
 */
export async function login(
  deps: LoginDeps,
  input: LoginInput,
  origin: SignInOrigin,
  now: Date,
): Promise<LoginResult> {
  const { db, session: sessionSettings } = deps;
  const lookup = loginLookup(input.login);
  const user = await findUserForLogin(db, lookup);
  // The query runs for an unknown login too (no account has id 0), so timing says nothing.
  const known = await isKnownSignIn(db, user?.id ?? 0, origin.ip);
  if (!known) await deps.accountLimit.enforce(user ? `user:${user.id}` : `login:${JSON.stringify(lookup)}`);

  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw ValidationError.field('login', t('api.auth.badCredentials'));
  if (user.isBlocked) throw ValidationError.field('login', t('api.auth.blocked'));
  if (user.secondFactor) {
    return { second_factor_required: true, challenge: await issueChallenge(db, user.id, now) };
  }
  return startSession(db, user, sessionSettings, origin);
}

/** A wrong code inside the sign-in's transaction: thrown to roll it back (the challenge stays). */
class WrongCode extends Error {}

/**
 * Sign-in, step two: the challenge from `login` and a current or recovery code (issue 51
 * finding 6). Counted by `CodeAttempts` (429 while the caller's device, or the account or the
 * IP, waits). The challenge is used up in the same transaction as the code and the new session:
 * it gives one session, and a password change or anything else that ends the account's
 * sessions has deleted it. A wrong code leaves it for the next try.
 */
export async function loginWithSecondFactor(
  deps: LoginDeps,
  input: SecondFactorInput,
  origin: SignInOrigin,
  now: Date,
): Promise<AuthResult> {
  const { db, keyring, session: sessionSettings } = deps;
  const expired = () => ValidationError.field('code', t('api.auth.challengeExpired'));
  const userId = await challengeUser(db, input.challenge, now);
  if (userId === null) {
    await deps.codeAttempts.unknownChallenge(origin.ip);
    throw expired();
  }
  const caller = { userId, ip: origin.ip, device: origin.device ?? null };
  const signedIn = await deps.codeAttempts.run(caller, async () => {
    const user = await findUserById(db, userId);
    // Blocked, or the factor reset, since the password step: start again.
    if (!user || !user.secondFactor) throw expired();
    if (user.isBlocked) throw ValidationError.field('code', t('api.auth.blocked'));
    try {
      return await db.transaction(async (tx) => {
        if ((await takeChallenge(tx, input.challenge, now)) !== userId) throw expired();
        if (!(await checkSecondFactorCode(tx, keyring, userId, input.code, now))) throw new WrongCode();
        return addSession(tx, user, sessionSettings, origin);
      });
    } catch (error) {
      if (error instanceof WrongCode) return null;
      throw error;
    }
  });
  if (!signedIn) throw ValidationError.field('code', t('api.auth.wrongCode'));
  return signedIn;
}

async function startSession(
  db: Db,
  user: { id: number; type: AuthResult['type'] },
  sessionSettings: SessionSettings,
  origin: SignInOrigin,
): Promise<AuthResult> {
  return db.transaction((tx) => addSession(tx, user, sessionSettings, origin));
}

/** A new session of the user in `tx` (the user's dead ones cleared): its token, once. */
async function addSession(
  tx: Db,
  user: { id: number; type: AuthResult['type'] },
  sessionSettings: SessionSettings,
  origin: SignInOrigin,
): Promise<AuthResult> {
  const token = newApiToken();
  await deleteExpiredSessions(tx, user.id, sessionSettings.idleDays);
  await insertSession(tx, {
    userId: user.id,
    tokenHash: hashToken(token),
    maxDays: sessionSettings.maxDays,
    origin,
  });
  return { api_token: token, type: user.type };
}

export async function logout(db: Db, auth: AuthContext): Promise<void> {
  await endSessions(db, auth.user.id, { only: auth.sessionId });
}

/** The caller's live sessions, the current one marked. */
export async function listMySessions(
  db: Db,
  auth: AuthContext,
  sessionSettings: SessionSettings,
): Promise<Session[]> {
  const rows = await listLiveSessions(db, auth.user.id, sessionSettings.idleDays);
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === auth.sessionId,
  }));
}

/** Ends one of the caller's sessions (the current one too: that is a sign-out); 404 if not theirs. */
export async function endMySession(db: Db, auth: AuthContext, sessionId: number): Promise<void> {
  const ended = await endSessions(db, auth.user.id, { only: sessionId });
  if (ended.length === 0) throw new NotFoundError();
}

/** Ends every session of the caller but the current one. */
export async function endMyOtherSessions(db: Db, auth: AuthContext): Promise<number> {
  return (await endSessions(db, auth.user.id, { except: auth.sessionId })).length;
}

/**
 * Bearer token → caller, or null when the token is unknown, expired, revoked or blocked.
 * From memory when this process has it (caches/session-cache.ts): the 5-second poll then costs
 * no database round trip; otherwise one statement, whose answer is kept. A route that does not
 * read the caller's balance (`balance: 'unread'`) also gets a caller whose balance changed
 * since it was kept, without the balance.
 */
export async function authenticate(
  db: Db,
  token: string,
  sessionSettings: SessionSettings,
  balance: BalanceUse = 'read',
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const known = cache.caller(tokenHash, sessionSettings.idleDays, balance);
  if (known) return known;
  const generation = cache.begin();
  const row = await touchSession(db, tokenHash, sessionSettings.idleDays);
  return row ? keepCaller(db, generation, tokenHash, row) : null;
}

/**
 * Keeps a token check's read in this process's session cache (`generation`: taken before the
 * read, so a signal that overtook it keeps nothing) and answers the caller. The guards and the
 * notifications poll both read the caller whole (auth `sessionCallerColumns`).
 */
export function keepCaller(db: Db, generation: number, tokenHash: string, row: SessionCallerRow): AuthContext {
  const { sessionId, expiresAt, lastUsedAt, ...user } = row;
  sessionCacheOf(db).storeSession(generation, tokenHash, { sessionId, userId: user.id, expiresAt, lastUsedAt, user });
  return { user, sessionId };
}

/**
 * The 401 for a bearer token that did not authenticate: ACCOUNT_BLOCKED when a block ended its
 * session and the account is still blocked, else UNAUTHENTICATED. Only failures pay the query.
 */
export async function rejectionFor(db: Db, token: string | null): Promise<UnauthenticatedError | AccountBlockedError> {
  return token && (await isBlockedToken(db, hashToken(token))) ? new AccountBlockedError() : new UnauthenticatedError();
}
