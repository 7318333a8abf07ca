// Zod-free, so the web's first load can check a role without the schemas (apps/web size budget).
import type { StaffRole } from './enums';

/**
 * Staff roles (issue 15). Every staff account is `type: admin` on the wire (docs/product.md#who-may-do-what) and has
 * one role; customers have none. The server enforces the permissions below on every admin
 * call (apps/server/src/plugins/app/staff-permissions.ts maps each call to one of them); the
 * web only uses them to hide what a role cannot use.
 */

export const STAFF_PERMISSIONS = [
  /** Staff accounts: list, create, change role, disable, reset a second factor. */
  'staff.manage',
  /** Site settings, the marque, media, reviews and the ID catalogue. */
  'content.manage',
  'payment_types.manage',
  /** Manual deposits and withdrawals on a user's balance. */
  'balance.adjust',
  /** Bills, withdrawals, new IDs and ID requests: lists and details. */
  'queues.read',
  /** Approve, reject or handle them (moves money). */
  'queues.decide',
  /** Release a queue item another staff member has claimed (issue 55 item 2; audited). */
  'queues.override',
  /** Users, a user's detail and transactions. */
  'users.read',
  'users.block',
  /** The dashboard's counts. */
  'stats.read',
  /**
   * Bank statements (issue 54): import a payment account's statement, which matches its lines
   * to the waiting top-ups. Reading the reconciliation is `queues.read`.
   */
  'statements.import',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  cashier: ['queues.read', 'queues.decide', 'users.read', 'stats.read', 'statements.import'],
  support: ['queues.read', 'users.read', 'users.block', 'stats.read'],
};

/** Whether `role` may use `permission`; a customer (no role) may use none. */
export function roleCan(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

export const STAFF_API = {
  list: '/admin/staff',
  create: '/admin/staff/create',
  edit: (id: number | string) => `/admin/staff/${id}/edit`,
  disable: (id: number | string) => `/admin/staff/${id}/disable`,
  enable: (id: number | string) => `/admin/staff/${id}/enable`,
  resetSecondFactor: (id: number | string) => `/admin/staff/${id}/reset_second_factor`,
  /** Second factor of the signed-in account. */
  secondFactorSetup: '/second_factor/setup',
  secondFactorEnable: '/second_factor/enable',
  secondFactorDisable: '/second_factor/disable',
  /** Sign-in, step two: the challenge from /auth/login and a code. */
  loginSecondFactor: '/auth/second_factor',
} as const;
