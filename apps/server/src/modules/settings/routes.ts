import { API, envelope, MarqueBodySchema, MarqueSchema } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/app/auth';
import { getMarque, setMarque } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.marque,
    {
      schema: {
        tags: ['settings'],
        summary: 'The top-block (marquee) text; empty when unset',
        response: { 200: envelope(MarqueSchema) },
      },
    },
    async () => ({ message: null, data: { text: await getMarque(app.db) } }),
  );

  app.post(
    API.adminMarque,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Set the top-block (marquee) text',
        security: [{ bearer: [] }],
        body: MarqueBodySchema,
        response: { 200: envelope(MarqueSchema) },
      },
    },
    async (request) => {
      const actor = { userId: callerOf(request).user.id, ip: request.ip };
      const text = await setMarque(app.db, actor, request.body.text);
      return { message: 'The top block has been saved.', data: { text } };
    },
  );
};
