import {
  amountProblemMessage,
  ApproveUserIdBodySchema,
  CREDENTIAL_MAX_LENGTH,
  readAmount,
  translate,
  type HandleRequestBody,
  type RequestType,
} from '@iddesk/contract';
import { z } from 'zod';
import { AmountFieldSchema, normaliseAmount } from '../../../../lib/amount';
import { idsStaff } from '../i18n';

/** Approving a new ID: the amount put into it and the credentials the customer receives. */
export const ApproveUserIdFormSchema = z.object({
  amount: AmountFieldSchema,
  login: ApproveUserIdBodySchema.shape.login as z.ZodType<string, string>,
  password: ApproveUserIdBodySchema.shape.password as z.ZodType<string, string>,
});
export type ApproveUserIdFormValues = { amount: string; login: string; password: string };
export type ApproveUserIdOutput = z.output<typeof ApproveUserIdFormSchema>;

/** What approving a request asks for, by type. */
export type HandleFormValues = { amount: string; password: string; comment?: string };
/** What the approve form sends (a narrower view of `HandleRequestBody`). */
export type ApproveBody = {
  action: 'approve';
  amount?: string;
  password?: string;
} & HandleRequestBody;

/** The amount a close confirms may be zero (an empty ID); a withdrawal's must be more. */
function closeAmountError(text: string): string | null {
  const value = text.trim().replace(/,/g, '');
  if (!value) return idsStaff.t('approve.enterLeft');
  const reading = readAmount(value);
  if (reading.ok) return null;
  // What exactly is wrong, as every amount message says (issue 17).
  return reading.problem === 'negative' ? idsStaff.t('approve.notNegative') : amountProblemMessage(reading.problem);
}

/**
 * The approve form of `/admin/requests/{id}`: a withdrawal needs the confirmed amount (> 0), a
 * close the amount left in the ID (0 or more), a password change the new password; a deposit
 * needs nothing more.
 */
export const approveRequestSchema = (type: RequestType, flagged = false) =>
  z
    .object({ amount: z.string(), password: z.string(), comment: z.string().optional() })
    .superRefine((v, ctx) => {
      // A flagged deposit (a reused UTR or screenshot) is approved with a reason (issue 16).
      if (flagged) {
        const comment = (v.comment ?? '').trim();
        if (!comment) {
          ctx.addIssue({
            code: 'custom',
            path: ['comment'],
            message: translate('validation.reuse.commentMissing'),
          });
        } else if (comment.length > 500) {
          ctx.addIssue({
            code: 'custom',
            path: ['comment'],
            message: translate('validation.comment.max', { max: 500 }),
          });
        }
      }
      if (type === 'withdraw') {
        const parsed = AmountFieldSchema.safeParse(v.amount);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? idsStaff.t('approve.enterAmount');
          ctx.addIssue({ code: 'custom', path: ['amount'], message });
        }
      }
      if (type === 'close') {
        const message = closeAmountError(v.amount);
        if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
      }
      if (type === 'change_password') {
        const password = v.password.trim();
        if (!password) {
          ctx.addIssue({
            code: 'custom',
            path: ['password'],
            message: idsStaff.t('approve.enterPassword'),
          });
        } else if (password.length > CREDENTIAL_MAX_LENGTH) {
          ctx.addIssue({
            code: 'custom',
            path: ['password'],
            message: idsStaff.t('approve.passwordMax', { max: CREDENTIAL_MAX_LENGTH }),
          });
        }
      }
    })
    .transform((v): ApproveBody => {
      if (type === 'withdraw' || type === 'close') {
        return { action: 'approve', amount: normaliseAmount(v.amount) ?? '' };
      }
      if (type === 'change_password') return { action: 'approve', password: v.password.trim() };
      const comment = v.comment?.trim();
      return flagged && comment
        ? { action: 'approve', confirm_reused: true, comment }
        : { action: 'approve' };
    });

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A 12-character password without look-alike characters, from the browser's CSPRNG. */
export function generatePassword(length = 12): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 256 is not a multiple of the alphabet size; the bias this leaves is immaterial here.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
