import { type ForgotPasswordBody, PASSWORD_RESET_API } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST /update/password/create`: the same answer whether or not the email has an account. */
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  apiRequest<null>(PASSWORD_RESET_API.create, { method: 'POST', body });
