import {
  msg,
  AdminStatsSchema,
  AuditEntrySchema,
  AuditQuerySchema,
  DashboardSchema,
  DESK_API,
  envelope,
  NOTIFICATIONS_API,
  PageQuerySchema,
  paginated,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from './audit';
import { dashboard } from './dashboard';
import { pendingCounts } from './pending-counts';

const ObjectParamsSchema = z.object({
  type: z.string().regex(/^[a-z_]{1,32}$/, msg('validation.audit.objectType')),
  id: z.string().regex(/^[0-9]{1,12}$/, msg('validation.audit.objectId')),
});

/**
 * The staff desk's own reads (issue 16): the dashboard, the audit trail and the queues' pending
 * counts. Staff only, read-only.
 */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DESK_API.dashboard,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Today’s and the last 7 days’ approvals, new customers, and each queue',
        description:
          'Days are in the display time zone (DISPLAY_TIME_ZONE), counted when staff approved. ' +
          'id_deposits: new IDs and deposits (confirmed amounts); id_withdrawals: withdrawals from ' +
          'and closes of IDs. Each queue: size, the amounts waiting, and the oldest item’s age.',
        response: { 200: envelope(DashboardSchema) },
      },
    },
    async () => ({ message: null, data: await dashboard(app.db, app.config.displayTimeZone) }),
  );

  app.get(
    DESK_API.audit,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every staff action, newest first',
        description:
          'Filters: actor_id, action (exact, or a prefix ending in a dot: `bill.`), object_type, ' +
          'object_id, from/to (days in the display time zone).',
        querystring: AuditQuerySchema,
        response: { 200: envelope(paginated(AuditEntrySchema)) },
      },
    },
    async (request) => ({ message: null, data: await listAudit(app.db, request.query, app.config.displayTimeZone) }),
  );

  app.get(
    DESK_API.auditObject(':type', ':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'One object’s history (bill, withdrawal, id_request, user_id, user, …), newest first',
        params: ObjectParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: envelope(paginated(AuditEntrySchema)) },
      },
    },
    async (request) => ({
      message: null,
      data: await listAudit(
        app.db,
        { ...request.query, object_type: request.params.type, object_id: request.params.id },
        app.config.displayTimeZone,
      ),
    }),
  );

  app.get(
    NOTIFICATIONS_API.adminStats,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'How many items wait in each admin queue',
        description:
          'new_ids: user IDs awaiting approval; requests: deposit, withdraw, close and password ' +
          'requests; bills; withdrawals. Polled by the admin header every 5 seconds.',
        response: { 200: envelope(AdminStatsSchema) },
      },
    },
    async () => ({ message: null, data: await pendingCounts(app.db) }),
  );
};
