import { API, AuthResultSchema, type LoginBody } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const login = (body: LoginBody) =>
  apiRequest(API.login, { method: 'POST', body, schema: AuthResultSchema });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
