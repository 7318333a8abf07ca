/**
 * The claim of a money call's Idempotency-Key that the call's one statement writes itself
 * (plugins/app/money-calls `idempotentStatement`, issue 19): the key's row, the app key's
 * fingerprint it must still be sealed under, and `seal`, which turns the call's answer into the
 * row's sealed response before the statement runs.
 */
export type StatementClaim = {
  userId: number;
  key: string;
  fingerprint: string;
  claimedAt: Date;
  appKey: string | null;
  seal: (answer: unknown) => string;
};
