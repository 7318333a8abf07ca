import { msg, type ProofFlag, type ReusedProof } from '@iddesk/contract';
import { z } from 'zod';
import { staffText } from '../i18n';

/**
 * Approving a flagged payment asks for a reason (issue 16 item 2, issue 51): required when the
 * item is flagged, and then sent with `confirm_reused`; the server refuses any flagged payment
 * without it (409 REUSED_PROOF or PROOF_FLAGGED) and keeps every reason in the audit trail.
 */
export const reuseCommentSchema = (flag: ReusedProof | undefined) =>
  flag?.flagged
    ? z
        .string()
        .trim()
        .min(1, msg('validation.reuse.commentMissing'))
        .max(500, msg('validation.comment.max', { max: 500 }))
    : z.string().transform(() => undefined);

/** The approve call's fields for a confirmed reuse; nothing for a clean item. */
export const reuseBody = (comment: string | undefined) =>
  comment ? { confirm_reused: true as const, comment } : {};

/** Each flag in a few words (issue 56: say what the flag really is), in the page's language. */
const FLAG_WORDS = {
  reference_approved: 'reuse.utrApproved',
  reference_elsewhere: 'reuse.utrAgain',
  look_alike: 'reuse.lookAlike',
} as const satisfies Record<ProofFlag, string>;

export const flagWords = (flags: ProofFlag[]): string[] => flags.map((flag) => staffText.t(FLAG_WORDS[flag]));
