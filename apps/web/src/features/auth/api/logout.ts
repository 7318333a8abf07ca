import { API } from '@iddesk/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Revokes the current token on the server. */
export const logout = () => apiRequest(API.logout, { method: 'POST', schema: z.unknown() });
