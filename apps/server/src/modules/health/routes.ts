import { envelope } from '@iddesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.literal('ok') });

/** For load balancers and uptime checks: answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness, including a database round trip',
        response: { 200: envelope(HealthSchema) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { message: null, data: { status: 'ok' as const } };
    },
  );
};
