import { AdminStatsSchema, envelope, NOTIFICATIONS_API } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingCounts } from './repository';

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
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
