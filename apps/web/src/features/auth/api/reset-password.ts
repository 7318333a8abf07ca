import { PASSWORD_RESET_API, type ResetPasswordBody } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST /update/password/set`: the new password; every session of the account ends. */
export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<null>(PASSWORD_RESET_API.set, { method: 'POST', body });
