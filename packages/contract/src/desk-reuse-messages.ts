/**
 * The reused-proof messages the server's queue modules still write in English (pending-items,
 * proof-reuse). Issue 18 phase 2b moves them to `t('api.…')` with those modules and deletes this
 * file; the web already says the comment rule in the page's language
 * (`validation.reuse.commentMissing`).
 */
export const CONFIRM_REUSED_COMMENT_MISSING = 'Say why this reused payment reference may be approved.';
export const REUSED_PROOF_MESSAGE =
  'This payment reference (UTR) was already approved on another payment. Confirm with a comment to approve it anyway.';
export const REFERENCE_ALREADY_APPROVED_MESSAGE =
  'This payment reference (UTR) has already been used for an approved payment.';
