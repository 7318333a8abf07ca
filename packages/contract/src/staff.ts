import { z } from 'zod';
import { AuthResultSchema, EmailSchema, NameSchema, PasswordSchema, PhoneSchema } from './auth';
import { type StaffRole, StaffRoleSchema } from './enums';

/**
 * Staff roles (issue 15). Every staff account is `type: admin` on the wire (SPEC §3) and has
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
  /** Users, a user's detail and transactions. */
  'users.read',
  'users.block',
  /** The dashboard's counts. */
  'stats.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  cashier: ['queues.read', 'queues.decide', 'users.read', 'stats.read'],
  support: ['queues.read', 'users.read', 'users.block', 'stats.read'],
};

/** Whether `role` may use `permission`; a customer (no role) may use none. */
export function roleCan(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  cashier: 'Cashier',
  support: 'Support',
};

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

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: StaffRoleSchema,
  second_factor: z.boolean(),
  /** A disabled staff account cannot sign in. */
  is_disabled: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ items: z.array(StaffMemberSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

export const CreateStaffBodySchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  password: PasswordSchema,
  role: StaffRoleSchema,
});
export type CreateStaffBody = z.input<typeof CreateStaffBodySchema>;

export const EditStaffBodySchema = z.strictObject({ role: StaffRoleSchema });
export type EditStaffBody = z.input<typeof EditStaffBodySchema>;

/** Six digits from the app, or one of the recovery codes (letters and digits, dashes ignored). */
export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code.')
  .max(32, 'Enter the code.');

export const SecondFactorCodeBodySchema = z.strictObject({ code: SecondFactorCodeSchema });
export type SecondFactorCodeBody = z.input<typeof SecondFactorCodeBodySchema>;

export const SecondFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_url: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetupSchema>;

export const RECOVERY_CODE_COUNT = 10;
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** /auth/login's answer when the account has a second factor: no token yet. */
export const SecondFactorChallengeSchema = z.object({
  second_factor_required: z.literal(true),
  /** Short-lived; send it back to /auth/second_factor with a code. */
  challenge: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

export const LoginResultSchema = z.union([AuthResultSchema, SecondFactorChallengeSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const LoginSecondFactorBodySchema = z.strictObject({
  challenge: z.string().min(1).max(1000),
  code: SecondFactorCodeSchema,
});
export type LoginSecondFactorBody = z.input<typeof LoginSecondFactorBodySchema>;

/** 403 code of an admin call by a staff account that has not enrolled a second factor yet. */
export const SECOND_FACTOR_ENROLMENT_MESSAGE =
  'Set up your second factor before using the admin area.';
