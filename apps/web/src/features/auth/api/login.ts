import { API, type AuthResult, type LoginBody } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

export const login = (body: LoginBody) =>
  apiRequest<AuthResult>(API.login, { method: 'POST', body });
