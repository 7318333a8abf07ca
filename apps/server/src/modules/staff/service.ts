import type { CreateStaffBodySchema, StaffMember, StaffRole } from '@iddesk/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/types';
import { ConflictError, NotFoundError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import { hashPassword } from '../../lib/passwords';
import { type Actor, writeAudit } from '../audit';
import { endSessions } from '../auth';
import { resetSecondFactor } from '../auth';
import { contactConflictFromDb, findTakenContacts, insertUser, takenContactsError } from '../users';
import {
  countOtherActiveOwners,
  findStaff,
  findStaffForUpdate,
  listStaff,
  setStaffDisabled,
  setStaffRole,
  type StaffRow,
} from './repository';
import { toStaffJson } from './serialize';

type CreateInput = z.output<typeof CreateStaffBodySchema>;

export async function staffList(db: Db): Promise<StaffMember[]> {
  return (await listStaff(db)).map(toStaffJson);
}

/** A new staff account (type admin) with its role; it enrols its second factor at first sign-in. */
export async function createStaff(db: Db, actor: Actor, input: CreateInput): Promise<StaffMember> {
  const taken = takenContactsError(await findTakenContacts(db, input));
  if (taken) throw taken;
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        type: 'admin',
        role: input.role,
      });
      await audit(tx, actor, 'staff.create', created.id, null, {
        role: input.role,
        email: input.email,
      });
      return created.id;
    });
    return toStaffJson((await findStaff(db, id))!);
  } catch (error) {
    throw contactConflictFromDb(error) ?? error;
  }
}

/**
 * One change to another staff member, in one transaction with its audit entry: never to
 * oneself (an owner cannot lock themselves out or skip their own second factor), and never
 * leaving the server without an owner who can sign in.
 */
async function changeStaff(
  db: Db,
  actor: Actor,
  id: number,
  change: (tx: Tx, before: StaffRow) => Promise<void>,
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const before = await findStaffForUpdate(tx, id);
    if (!before) throw new NotFoundError();
    if (before.id === actor.userId)
      throw new ConflictError('CONFLICT', t('api.staff.self'));
    await change(tx, before);
  });
  return toStaffJson((await findStaff(db, id))!);
}

async function requireAnotherOwner(tx: Tx, before: StaffRow) {
  if (
    before.role === 'owner' &&
    !before.isBlocked &&
    (await countOtherActiveOwners(tx, before.id)) === 0
  ) {
    throw new ConflictError('CONFLICT', t('api.staff.lastOwner'));
  }
}

export function changeRole(db: Db, actor: Actor, id: number, role: StaffRole) {
  return changeStaff(db, actor, id, async (tx, before) => {
    if (before.role === role) return;
    if (role !== 'owner') await requireAnotherOwner(tx, before);
    await setStaffRole(tx, id, role);
    await audit(tx, actor, 'staff.role', id, { role: before.role }, { role });
  });
}

/** Disabled: cannot sign in, and every session ends now. Enabled: can sign in again. */
export function setDisabled(db: Db, actor: Actor, id: number, disabled: boolean) {
  return changeStaff(db, actor, id, async (tx, before) => {
    if (before.isBlocked === disabled) return;
    if (disabled) {
      await requireAnotherOwner(tx, before);
      await endSessions(tx, id, { blocked: true });
    }
    await setStaffDisabled(tx, id, disabled);
    await audit(
      tx,
      actor,
      disabled ? 'staff.disable' : 'staff.enable',
      id,
      { is_disabled: before.isBlocked },
      { is_disabled: disabled },
    );
  });
}

/**
 * A lost phone: the staff member's second factor is removed and their sessions end; at the
 * next sign-in they enrol again (issue 15).
 */
export function resetStaffSecondFactor(db: Db, actor: Actor, id: number) {
  return changeStaff(db, actor, id, async (tx, before) => {
    await resetSecondFactor(tx, id);
    await endSessions(tx, id);
    await audit(
      tx,
      actor,
      'staff.reset_second_factor',
      id,
      { second_factor: before.secondFactor },
      { second_factor: false },
    );
  });
}

function audit(tx: Tx, actor: Actor, action: string, id: number, before: unknown, after: unknown) {
  return writeAudit(tx, {
    actorId: actor.userId,
    action,
    objectType: 'user',
    objectId: id,
    before,
    after,
    ip: actor.ip,
  });
}
