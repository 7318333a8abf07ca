import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants';
import { EmailSchema, PasswordSchema } from './auth';

/** API paths of password reset by email (SPEC.md §7), relative to `/api`. */
export const PASSWORD_RESET_API = {
  create: '/update/password/create',
  check: '/update/password/check',
  set: '/update/password/set',
} as const;

/** A reset link works this long after it was sent. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The answer to `create`, the same whether or not the email belongs to an account. */
export const PASSWORD_RESET_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to reset the password. It works once, within 60 minutes.";
export const PASSWORD_RESET_INVALID_MESSAGE =
  'This reset link is invalid or has expired. Request a new one.';

export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** The token from the link; far longer than needed, so a garbled link is just invalid. */
const TokenSchema = z
  .string({ error: PASSWORD_RESET_INVALID_MESSAGE })
  .trim()
  .min(1, PASSWORD_RESET_INVALID_MESSAGE)
  .max(200, PASSWORD_RESET_INVALID_MESSAGE);

export const ResetCheckBodySchema = z.strictObject({ token: TokenSchema });
export type ResetCheckBody = z.input<typeof ResetCheckBodySchema>;
export const ResetCheckResultSchema = z.object({ valid: z.literal(true) });

export const ResetPasswordBodySchema = z
  .strictObject({
    token: TokenSchema,
    password: PasswordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'The password confirmation does not match.',
      });
    }
  });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;
