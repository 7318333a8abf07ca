import { type AuditEntry, DESK_API, type Paginated } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/page-query';
import { adminKeys } from '../../../staff';

export type AuditParams = { page: number; query: Record<string, string> };

/** `GET /admin/audit?page&perPage&actor_id&action&object_type&object_id&from&to`, newest first. */
export const useAuditTrail = (params: AuditParams) =>
  useQuery(
    pageQueryOptions<Paginated<AuditEntry>>(DESK_API.audit, adminKeys.audit(params), params),
  );
