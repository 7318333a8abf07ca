import { API, AuthResultSchema, type RegisterBody } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const register = (body: RegisterBody) =>
  apiRequest(API.register, { method: 'POST', body, schema: AuthResultSchema });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
