import { API, type ExistsResult } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Startup auth check: false means the account is gone or blocked. */
export const checkExists = () => apiRequest<ExistsResult>(API.exists, { method: 'POST' });
