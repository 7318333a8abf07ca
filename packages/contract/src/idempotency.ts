// Constants only, no zod: the web client's first load imports this module (decision 011).

/**
 * Money-moving POSTs accept an `Idempotency-Key` (Stripe's design, issue 7): the server stores
 * the first successful answer per key and user, in the same transaction as the money it moved,
 * and answers a retry with the same key by replaying it (with `Idempotent-Replayed: true`)
 * instead of moving the money again. Failed calls are not stored: they wrote nothing, so a
 * retry is decided afresh. The web client sends a fresh key with each such call and reuses it
 * when it retries after a lost answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a stored answer is replayed; after that the key may be used afresh. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
