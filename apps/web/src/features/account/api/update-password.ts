import { API, type UpdatePasswordBody } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

export const updatePassword = (body: UpdatePasswordBody) =>
  apiRequest<unknown>(API.updatePassword, { method: 'POST', body });
