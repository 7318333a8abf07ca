import { idempotencyKeys, idRequests, userIds, users } from '../../db/schema';

/**
 * What each sealed ID credential is for. The purpose is bound into the ciphertext, so a login
 * can never be opened as a password or a request's wish as the ID's password (customer-ids).
 */
export const SEALED = {
  login: 'user_ids.login',
  password: 'user_ids.password',
  requestPassword: 'id_requests.password',
  /** A staff member's or customer's TOTP secret (issue 15). */
  totpSecret: 'users.totp_secret',
} as const;

/** What the idempotency store seals its stored answers for (plugins/app/money-calls.ts). */
export const IDEMPOTENCY_RESPONSE_PURPOSE = 'idempotency_keys.response';

/**
 * Every column holding a value sealed with the app key (lib/secret-box.ts), with the purpose
 * it was sealed for. Key rotation re-seals exactly these; a new sealed column belongs here.
 */
export const SEALED_COLUMNS = [
  { table: userIds, name: 'user_ids.login_sealed', column: userIds.loginSealed, purpose: SEALED.login },
  { table: userIds, name: 'user_ids.password_sealed', column: userIds.passwordSealed, purpose: SEALED.password },
  {
    table: idRequests,
    name: 'id_requests.password_sealed',
    column: idRequests.passwordSealed,
    purpose: SEALED.requestPassword,
  },
  { table: users, name: 'users.totp_secret_sealed', column: users.totpSecretSealed, purpose: SEALED.totpSecret },
  {
    table: idempotencyKeys,
    name: 'idempotency_keys.response',
    column: idempotencyKeys.response,
    purpose: IDEMPOTENCY_RESPONSE_PURPOSE,
  },
] as const;
