import { envelope, ErrorBodySchema, HEALTH_API } from '@iddesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceUnavailableError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';

const HealthSchema = z.object({ status: z.literal('ok') });
const ok = { message: null, data: { status: 'ok' as const } };
const tags = ['ops'];

/** Readiness: not draining, a database round trip, and the file store reachable. */
async function checkReady(app: FastifyInstance): Promise<void> {
  if (app.lifecycle.draining) {
    throw new ServiceUnavailableError(t('api.shuttingDown'));
  }
  // A database failure reaches the error handler as 503 (db/pg-errors.ts); a store failure
  // is named here, since its errors (permissions, S3) would otherwise read as a bug.
  await app.db.execute(sql`select 1`);
  try {
    await app.storage.check();
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: the file store cannot be reached');
    throw new ServiceUnavailableError(t('api.storageDown'));
  }
}

/**
 * For load balancers and orchestrators. `live`: the process answers (no database work, so a
 * database outage does not get every server restarted). `ready`: it can serve now.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    HEALTH_API.live,
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Liveness: the process answers (no database work)',
        response: { 200: envelope(HealthSchema) },
      },
    },
    async () => ok,
  );

  const ready = {
    logLevel: 'warn' as const,
    schema: {
      tags,
      summary: 'Readiness: a database round trip and the file store; 503 while draining',
      description:
        '503 with Retry-After while the server shuts down (after SIGTERM), or when the ' +
        'database or the file store cannot be reached.',
      response: { 200: envelope(HealthSchema), 503: ErrorBodySchema },
    },
  };
  const readyHandler = async () => {
    await checkReady(app);
    return ok;
  };
  app.get(HEALTH_API.ready, ready, readyHandler);
  // The first health check, kept for the load balancers already pointed at it.
  app.get(
    HEALTH_API.legacy,
    { ...ready, schema: { ...ready.schema, summary: 'Readiness (alias of /health/ready)' } },
    readyHandler,
  );
};
