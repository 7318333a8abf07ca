// The idempotency module's public surface (Idempotency-Key on money calls, decision 034).
export { idempotencyKeyOf, requestFingerprint } from './fingerprint';
export { type KeyUse } from './repository';
export { AnsweredBefore, answeredBefore, inMoneyTransaction, pruneExpiredKeys, replayedAnswer, type Sealing } from './service';
