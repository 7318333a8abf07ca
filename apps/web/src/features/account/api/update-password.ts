import { API, type UpdatePasswordBody } from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const updatePassword = (body: UpdatePasswordBody) =>
  apiRequest(API.updatePassword, { method: 'POST', body, schema: z.unknown() });

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
