import { type ForgotPasswordBody, PASSWORD_RESET_API } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `POST /update/password/create`: the same answer whether or not the email has an account. */
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  apiRequest(PASSWORD_RESET_API.create, { method: 'POST', body, schema: z.null() });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
