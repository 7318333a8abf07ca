import { and, eq, ne, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { PublicUser } from './types';

/** A user as the rest of the app sees it: never the password hash. */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  type: users.type,
  balance: users.balance,
  isBlocked: users.isBlocked,
  createdAt: users.createdAt,
  role: users.role,
  secondFactor: users.secondFactor,
  locale: users.locale,
};

export type UserWithPassword = PublicUser & { passwordHash: string };

const withPassword = { ...publicUserColumns, passwordHash: users.passwordHash };

export async function findUserForLogin(
  db: Db,
  by: { email: string } | { phone: string },
): Promise<UserWithPassword | null> {
  const condition = 'email' in by ? eq(users.email, by.email) : eq(users.phone, by.phone);
  const rows = await db.select(withPassword).from(users).where(condition).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: number): Promise<PublicUser | null> {
  const rows = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserWithPassword(db: Db, id: number): Promise<UserWithPassword | null> {
  const rows = await db.select(withPassword).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Which of email/phone another account already uses. */
export async function findTakenContacts(
  db: Db,
  contact: { email: string; phone: string },
  exceptUserId?: number,
): Promise<{ email: boolean; phone: boolean }> {
  const rows = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        or(eq(users.email, contact.email), eq(users.phone, contact.phone)),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  return {
    email: rows.some((r) => r.email === contact.email),
    phone: rows.some((r) => r.phone === contact.phone),
  };
}

export async function insertUser(
  db: Db,
  values: {
    name: string;
    email: string;
    phone: string;
    passwordHash: string;
    type?: PublicUser['type'];
    /** Staff only; an admin without one is an owner (the first-start admin). */
    role?: NonNullable<PublicUser['role']>;
    locale?: PublicUser['locale'];
  },
): Promise<PublicUser> {
  const role = values.type === 'admin' ? (values.role ?? 'owner') : null;
  const rows = await db.insert(users).values({ ...values, role }).returning(publicUserColumns);
  return rows[0]!;
}

/** One user's row changed in place; the session cache forgets the cached user. */
async function updateUserRow(
  db: Db,
  id: number,
  values: Partial<Pick<PublicUser, 'name' | 'email' | 'phone' | 'locale'>>,
): Promise<PublicUser | null> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(publicUserColumns);
  return rows[0] ?? null;
}

export async function updateUserProfile(
  db: Db,
  id: number,
  values: { name: string; email: string; phone: string },
): Promise<PublicUser | null> {
  const user = await updateUserRow(db, id, values);
  // Reviews show their author's name; staff queue pages the customer's name, email and phone.
  return user;
}

/** The account's language (issue 18). */
export const updateUserLocale = (db: Db, id: number, locale: PublicUser['locale']) =>
  updateUserRow(db, id, { locale });

export async function updateUserPassword(db: Db, id: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function setUserBlocked(db: Db, id: number, isBlocked: boolean) {
  const rows = await db
    .update(users)
    .set({ isBlocked, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(publicUserColumns);
  return rows[0] ?? null;
}

export async function adminExists(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, 'admin'))
    .limit(1);
  return rows.length > 0;
}
