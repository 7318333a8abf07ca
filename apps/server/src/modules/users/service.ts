import type { Locale, UpdatePasswordBodySchema, UpdateUserBodySchema } from '@iddesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { NotFoundError, ValidationError } from '../../errors/app-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { endSessions } from '../auth';
import type { AuthContext } from '../auth';
import { contactConflictFromDb, takenContactsError } from './contact-errors';
import {
  findTakenContacts,
  findUserWithPassword,
  setUserBlocked,
  updateUserLocale,
  updateUserPassword,
  updateUserProfile,
} from './repository';
import type { PublicUser } from './types';
import { t } from '../../lib/i18n';

type UpdateProfileInput = z.output<typeof UpdateUserBodySchema>;
type ChangePasswordInput = z.output<typeof UpdatePasswordBodySchema>;


/** The language the account reads the site, its notifications and mail in. */
export async function updateLocale(db: Db, userId: number, locale: Locale): Promise<PublicUser> {
  const user = await updateUserLocale(db, userId, locale);
  if (!user) throw new NotFoundError();
  return user;
}

export async function updateProfile(
  db: Db,
  userId: number,
  input: UpdateProfileInput,
): Promise<PublicUser> {
  const taken = takenContactsError(await findTakenContacts(db, input, userId));
  if (taken) throw taken;
  try {
    const user = await updateUserProfile(db, userId, input);
    if (!user) throw new NotFoundError();
    return user;
  } catch (error) {
    throw contactConflictFromDb(error) ?? error;
  }
}

/**
 * A password change keeps the session that made it and signs out every other one: whoever
 * else knew the old password loses access at once.
 */
export async function changePassword(
  db: Db,
  auth: AuthContext,
  input: ChangePasswordInput,
): Promise<void> {
  const user = await findUserWithPassword(db, auth.user.id);
  if (!user) throw new NotFoundError();
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw ValidationError.field('current_password', t('api.users.wrongCurrentPassword'));
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updateUserPassword(tx, user.id, passwordHash);
    await endSessions(tx, user.id, { except: auth.sessionId });
  });
}

/** Blocking ends every session of the account for good; unblocking brings none back. */
export async function setBlocked(db: Db, userId: number, isBlocked: boolean): Promise<PublicUser> {
  return db.transaction(async (tx) => {
    const user = await setUserBlocked(tx, userId, isBlocked);
    if (!user) throw new NotFoundError();
    if (isBlocked) await endSessions(tx, userId, { blocked: true });
    return user;
  });
}
