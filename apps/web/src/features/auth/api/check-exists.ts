import { API, ExistsResultSchema } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Startup auth check: false means the account is gone or blocked. */
export const checkExists = () =>
  apiRequest(API.exists, { method: 'POST', schema: ExistsResultSchema });
