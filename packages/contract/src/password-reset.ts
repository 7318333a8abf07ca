import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { EmailSchema, PasswordSchema, passwordConfirmation } from './auth';
import { msg } from './i18n/translate';

/** API paths of password reset by email (docs/product.md#call-bodies), relative to `/api`. */
export const PASSWORD_RESET_API = {
  create: '/update/password/create',
  check: '/update/password/check',
  set: '/update/password/set',
} as const;

/** A reset link works this long after it was sent. */
export const PASSWORD_RESET_TTL_MINUTES = 60;


export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** The token from the link; far longer than needed, so a garbled link is just invalid. */
const TokenSchema = z
  .string(msg('validation.resetLink.invalid'))
  .trim()
  .min(1, msg('validation.resetLink.invalid'))
  .max(200, msg('validation.resetLink.invalid'));

export const ResetCheckBodySchema = z.strictObject({ token: TokenSchema });
export type ResetCheckBody = z.input<typeof ResetCheckBodySchema>;
export const ResetCheckResultSchema = z.object({ valid: z.literal(true) });

export const ResetPasswordBodySchema = z
  .strictObject({
    token: TokenSchema,
    password: PasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(passwordConfirmation);
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;
