import { type AdminStats, NOTIFICATIONS_API } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `GET /admin/stats`: how many items wait in each admin queue. */
export const getAdminStats = () =>
  apiRequest<AdminStats>(NOTIFICATIONS_API.adminStats, { method: 'GET' });
