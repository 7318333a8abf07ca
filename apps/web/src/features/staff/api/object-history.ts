import { type AuditEntry, DESK_API, type Paginated } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/page-query';
import { adminKeys } from './keys';

/** `GET /admin/audit/{type}/{id}`: one object's staff actions, newest first (first page). */
export const useObjectHistory = (type: string, id: number) =>
  useQuery(
    pageQueryOptions<Paginated<AuditEntry>>(
      DESK_API.auditObject(type, id),
      adminKeys.history(type, id),
      {
        page: 1,
      },
    ),
  );
