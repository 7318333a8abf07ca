import { z } from 'zod';

/** Another bill or ID payment that used the same proof. */
export const ProofUseSchema = z.object({
  /** bill → /admin/bills/:id; user_id → /admin/new_ids/:id; id_request → /admin/requests/:id. */
  type: z.enum(['bill', 'user_id', 'id_request']),
  id: z.number().int(),
});
export type ProofUse = z.infer<typeof ProofUseSchema>;

/**
 * Staff only: the other payments with the same reference (UTR), in any state and by anyone,
 * and those whose screenshot looks like this one (a perceptual hash within a small distance).
 * `reference_approved` says whether one of the same-reference payments is already approved:
 * approving this one then needs `confirm_reused`.
 */
export const ReusedProofSchema = z.object({
  flagged: z.boolean(),
  same_reference: z.array(ProofUseSchema),
  similar_image: z.array(ProofUseSchema),
  reference_approved: z.boolean(),
});
export type ReusedProof = z.infer<typeof ReusedProofSchema>;

/**
 * Issue 51: why a payment is flagged, the words every screen and the server's 409 use. Its
 * reference is already approved on another payment; or it is on another payment in another
 * state (waiting, rejected, cancelled); its screenshot looks like another payment's. A flagged
 * payment is approved only with a reason (money rule 11), on every path.
 */
export const ProofFlagSchema = z.enum(['reference_approved', 'reference_elsewhere', 'look_alike']);
export type ProofFlag = z.infer<typeof ProofFlagSchema>;

/** A payment's flags, strongest first; none for a payment that is not flagged. */
export function proofFlags(flag: ReusedProof | undefined): ProofFlag[] {
  if (!flag) return [];
  const flags: ProofFlag[] = [];
  if (flag.reference_approved) flags.push('reference_approved');
  else if (flag.same_reference.length > 0) flags.push('reference_elsewhere');
  if (flag.similar_image.length > 0) flags.push('look_alike');
  return flags;
}

/**
 * A payment names at most this many others, the two lists together (the database keeps no more
 * tags on a row: migration 0019). A UTR sent a thousand times then costs no more per payment.
 */
export const REUSED_PROOF_NAMED_MAX = 20;

/** The lists are full: more payments than they name may share the proof. */
export const mayNameMore = (flag: ReusedProof): boolean =>
  flag.same_reference.length + flag.similar_image.length >= REUSED_PROOF_NAMED_MAX;

/** Staff only: who handled an item (null while pending, or when that account is gone). */
export const HandlerSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
export type Handler = z.infer<typeof HandlerSchema>;

/**
 * Staff only (issue 55 item 2, docs/product.md#claims): the staff member who has this pending
 * item open and until when; null when nobody holds it (or their claim expired). Anyone else's
 * decision is 409 CLAIMED_BY_OTHER meanwhile.
 */
export const ItemClaimSchema = z
  .object({ by: z.object({ id: z.number().int(), name: z.string() }), until: z.string() })
  .nullable();
export type ItemClaim = z.infer<typeof ItemClaimSchema>;

/** `POST <item>/claim` and `POST <item>/release`: the item's claim as it is now. */
export const ClaimStateSchema = z.object({ claim: ItemClaimSchema });
export type ClaimState = z.infer<typeof ClaimStateSchema>;

/** A queue item's claim calls, beside its approve and reject (`/admin/bills/12/claim`). */
export const claimPaths = (itemPath: string) => ({ claim: `${itemPath}/claim`, release: `${itemPath}/release` });


/** `confirm_reused=true` (JSON or form): approve a flagged payment, with the reason in `comment`. */
export const ConfirmReusedSchema = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean().optional(),
);
