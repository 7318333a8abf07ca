import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * with a generated password that the caller hands over once (`writeGeneratedPassword`), and
 * that the first sign-in must replace. Later starts do nothing, so changing ADMIN_PASSWORD
 * afterwards does not reset anyone's password.
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
      // A generated password opens nothing until the admin chose their own (auth/service.ts).
      mustChangePassword: generatedPassword !== undefined,
    });
  } catch (error) {
    // Two processes starting together on one PostgreSQL: the other one created it first.
    if (uniqueViolation(error) !== null) return { created: false };
    throw error;
  }
  return { created: true, email: admin.email, generatedPassword };
}

/** Where a server writes the first admin's generated password: DATA_DIR, this file. */
export const GENERATED_PASSWORD_FILE = 'first-admin-password.txt';

/**
 * The generated password goes into DATA_DIR/first-admin-password.txt, readable by this OS user
 * only (0600), never into the log, which collectors copy and keep: the log says where it is.
 * Returns the file's path.
 */
export function writeGeneratedPassword(dataDir: string, email: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, GENERATED_PASSWORD_FILE);
  const partial = `${path}.${process.pid}.part`;
  writeFileSync(
    partial,
    `ID Desk's first admin account, created ${new Date().toISOString()}\n` +
      `email:    ${email}\npassword: ${password}\n\n` +
      'Signing in with it asks for a new password, then for a second factor. Delete this file afterwards.\n',
    { mode: 0o600 },
  );
  chmodSync(partial, 0o600);
  renameSync(partial, path);
  return path;
}
