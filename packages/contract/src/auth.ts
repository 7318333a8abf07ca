import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants';
import { StaffRoleSchema, UserTypeSchema } from './enums';
import { AmountSchema } from './money';
import { msg, translate } from './i18n/translate';
import { LocaleSchema } from './locale-api';
import { normalisePhoneNumber } from './phone-numbers';

export const NameSchema = z
  .string()
  .trim()
  .min(2, msg('validation.name.min'))
  .max(NAME_MAX_LENGTH, msg('validation.name.max', { max: NAME_MAX_LENGTH }));
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, msg('validation.email.max'))
  .pipe(z.email(msg('validation.email.invalid')));
/** Any common spelling of a phone number, stored one way (phone-numbers.ts; issue 17). */
export const PhoneSchema = z
  .string()
  .trim()
  .max(32, msg('validation.phone.invalid'))
  .transform((v, ctx) => {
    const phone = normalisePhoneNumber(v);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: translate('validation.phone.invalid') });
      return z.NEVER;
    }
    return phone;
  });
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, msg('validation.password.min', { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, msg('validation.password.max', { max: PASSWORD_MAX_LENGTH }));

/** The password confirmation must repeat the password (register, change, reset). */
export const passwordConfirmation = <T extends { password: string; password_confirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: translate('validation.password.confirm'),
    });
  }
};

export const RegisterBodySchema = z
  .strictObject({
    name: NameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
    password: PasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(passwordConfirmation);
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.strictObject({
  /** Email or phone. */
  login: z.string().trim().min(1, msg('validation.login.required')).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, msg('validation.password.required')).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const AuthResultSchema = z.object({
  api_token: z.string(),
  type: UserTypeSchema,
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  type: UserTypeSchema,
  balance: AmountSchema,
  is_blocked: z.boolean(),
  created_at: z.string(),
  /** Staff only (issue 15); null for customers. */
  role: StaffRoleSchema.nullable(),
  /** Whether the account signs in with a second factor (TOTP). */
  second_factor: z.boolean(),
  /** The language the account reads the site, its notifications and mail in (issue 18). */
  locale: LocaleSchema,
});
export type User = z.infer<typeof UserSchema>;

/** The signed-in user (/user/passport): the user, and what they must do first. */
export const PassportSchema = UserSchema.extend({
  /** A staff account that must enrol a second factor before any admin call answers. */
  second_factor_enrolment_required: z.boolean(),
});
export type Passport = z.infer<typeof PassportSchema>;

export const ExistsResultSchema = z.object({
  status: z.boolean(),
  /** True when the token's account has been blocked since it signed in (issue 17). */
  blocked: z.boolean().optional(),
});
export type ExistsResult = z.infer<typeof ExistsResultSchema>;

export const UpdateUserBodySchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
});
export type UpdateUserBody = z.input<typeof UpdateUserBodySchema>;

export const UpdatePasswordBodySchema = z
  .strictObject({
    current_password: z.string().min(1, msg('validation.currentPassword.required')).max(PASSWORD_MAX_LENGTH),
    password: PasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(passwordConfirmation);
export type UpdatePasswordBody = z.input<typeof UpdatePasswordBodySchema>;
