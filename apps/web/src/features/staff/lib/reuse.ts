import { msg, type ReusedProof } from '@iddesk/contract';
import { z } from 'zod';

/**
 * Approving a flagged payment asks for a comment (issue 16 item 2): required when the item
 * is flagged, and then sent with `confirm_reused`; the server refuses a UTR already approved
 * elsewhere without it and keeps every confirmation in the audit trail.
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
