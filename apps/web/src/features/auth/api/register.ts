import { API, type AuthResult, type RegisterBody } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

export const register = (body: RegisterBody) =>
  apiRequest<AuthResult>(API.register, { method: 'POST', body });
