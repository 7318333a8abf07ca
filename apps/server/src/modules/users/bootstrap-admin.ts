import { uniqueViolation } from '../../db/pg-errors';
import type { Db } from '../../db/types';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { adminExists, findTakenContacts, insertUser } from './repository';

export type AdminSettings = {
  email: string;
  password: string | undefined;
  name: string;
  phone: string;
};

export type BootstrapResult =
  { created: false } | { created: true; email: string; generatedPassword: string | undefined };

/**
 * First start: with no admin in the database, create one from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * with a generated password that the caller shows exactly once. Later starts do nothing, so
 * changing ADMIN_PASSWORD afterwards does not reset anyone's password.
 */
export async function ensureAdmin(db: Db, admin: AdminSettings): Promise<BootstrapResult> {
  if (await adminExists(db)) return { created: false };

  const taken = await findTakenContacts(db, admin);
  if (taken.email || taken.phone) {
    // Two processes starting together on one PostgreSQL: the other one created the admin
    // between our two reads (found by the scale-out test, whose servers start at once).
    if (await adminExists(db)) return { created: false };
    const what = taken.email ? `ADMIN_EMAIL ${admin.email}` : `ADMIN_PHONE ${admin.phone}`;
    throw new Error(
      `${what} already belongs to a customer account, so no admin can be created with it. ` +
        'Set another ADMIN_EMAIL/ADMIN_PHONE and start again.',
    );
  }

  const generatedPassword = admin.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);
  try {
    await insertUser(db, {
      name: admin.name,
      email: admin.email,
      phone: admin.phone,
      passwordHash,
      type: 'admin',
    });
  } catch (error) {
    // Two processes starting together on one PostgreSQL: the other one created it first.
    if (uniqueViolation(error) !== null) return { created: false };
    throw error;
  }
  return { created: true, email: admin.email, generatedPassword };
}
