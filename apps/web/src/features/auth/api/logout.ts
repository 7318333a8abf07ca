import { API } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Revokes the current token on the server. */
export const logout = () => apiRequest<unknown>(API.logout, { method: 'POST' });
