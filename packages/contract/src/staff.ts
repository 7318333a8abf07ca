import { z } from 'zod';
import {
  AuthResultSchema,
  EmailSchema,
  NameSchema,
  passwordConfirmation,
  PasswordSchema,
  PhoneSchema,
} from './auth';
import { PASSWORD_MAX_LENGTH } from './constants';
import { StaffRoleSchema } from './enums';
import { msg } from './i18n/translate';

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
  .min(1, msg('validation.code.required'))
  .max(32, msg('validation.code.required'));

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

/**
 * /auth/login's answer when the password was generated (the first admin's): no token until
 * the user chose a new one, sent with the challenge to /auth/new_password.
 */
export const NewPasswordChallengeSchema = z.object({
  password_change_required: z.literal(true),
  /** Short-lived; send it back to /auth/new_password with the new password. */
  challenge: z.string(),
});
export type NewPasswordChallenge = z.infer<typeof NewPasswordChallengeSchema>;

export const LoginResultSchema = z.union([
  AuthResultSchema,
  SecondFactorChallengeSchema,
  NewPasswordChallengeSchema,
]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const LoginSecondFactorBodySchema = z.strictObject({
  challenge: z.string().min(1).max(1000),
  code: SecondFactorCodeSchema,
});
export type LoginSecondFactorBody = z.input<typeof LoginSecondFactorBodySchema>;

export const LoginNewPasswordBodySchema = z
  .strictObject({
    challenge: z.string().min(1).max(1000),
    password: PasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(passwordConfirmation);
export type LoginNewPasswordBody = z.input<typeof LoginNewPasswordBodySchema>;
