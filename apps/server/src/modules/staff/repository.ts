import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  secondFactor: users.secondFactor,
  isBlocked: users.isBlocked,
  createdAt: users.createdAt,
};

export type StaffRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: 'owner' | 'cashier' | 'support';
  secondFactor: boolean;
  isBlocked: boolean;
  createdAt: Date;
};

function asStaff(row: Omit<StaffRow, 'role'> & { role: StaffRow['role'] | null }): StaffRow {
  // users_role_staff_only: every admin has a role.
  return { ...row, role: row.role! };
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(eq(users.type, 'admin'))
    .orderBy(asc(users.id));
  return rows.map(asStaff);
}

/** A staff member, row-locked for the change being made; null for a customer or no one. */
export async function findStaffForUpdate(db: Db, id: number): Promise<StaffRow | null> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'admin')))
    .for('update');
  return rows[0] ? asStaff(rows[0]) : null;
}

export async function findStaff(db: Db, id: number): Promise<StaffRow | null> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'admin')));
  return rows[0] ? asStaff(rows[0]) : null;
}

/** Owners that can still sign in, other than `exceptId`. */
export async function countOtherActiveOwners(db: Db, exceptId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'owner'), eq(users.isBlocked, false), ne(users.id, exceptId)));
  return rows[0]!.n;
}

export async function setStaffRole(db: Db, id: number, role: StaffRow['role']) {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function setStaffDisabled(db: Db, id: number, disabled: boolean) {
  await db
    .update(users)
    .set({ isBlocked: disabled, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
