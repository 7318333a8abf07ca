import { type Dashboard, DESK_API } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { itemQueryOptions } from '../../../../lib/page-query';
import { adminKeys } from '../../../staff';

/** `GET /admin/dashboard`: today's and the week's approvals, new customers and the queues. */
export const useDashboard = () =>
  useQuery({
    ...itemQueryOptions<Dashboard>(DESK_API.dashboard, adminKeys.dashboard),
    // The queues move while staff work: a minute-old picture is refreshed on return.
    refetchInterval: 60_000,
  });
