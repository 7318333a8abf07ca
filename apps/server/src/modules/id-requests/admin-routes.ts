import {
  envelope,
  HandleRequestBodySchema,
  IdParamSchema,
  IdRequestSchema,
  IDS_API,
  paginated,
  PendingPageQuerySchema,
  IdempotencyHeadersSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyRoute } from '../../plugins/app/money-calls';
import { actorOf } from '../audit/actor';
import { handleRequest } from './handle';
import { toIdRequestJson } from './serialize';
import { getRequest, listQueue } from './service';

const ItemSchema = envelope(IdRequestSchema);

/** The admin's request queues: deposits, withdrawals, closes and password changes. */
export const adminIdRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;

  app.get(
    IDS_API.adminRequests,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Requests on IDs, newest first; pending=1 the queue, pending=0 the done list',
        description: 'New IDs are not here (see /admin/user_ids). The done list hides requests whose ID is still pending.',
        querystring: PendingPageQuerySchema,
        response: { 200: envelope(paginated(IdRequestSchema)) },
      },
    },
    async (request) => {
      const page = await listQueue(app.db, request.query);
      return { message: null, data: { ...page, items: page.items.map((v) => toIdRequestJson(v, key, 'admin')) } };
    },
  );

  app.get(
    IDS_API.adminRequest(':id'),
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'One request, with its ID and customer', params: IdParamSchema, response: { 200: ItemSchema } },
    },
    async (request) => ({
      message: null,
      data: toIdRequestJson(await getRequest(app.db, request.params.id), key, 'admin'),
    }),
  );

  app.post(
    IDS_API.adminRequestHandle(':id'),
    {
      onRequest: app.requireAdmin,
      ...moneyRoute(app),
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject a request',
        description:
          'Approve: a deposit’s wallet hold is settled; a withdraw credits `amount` (> 0) to the wallet; ' +
          'a close credits `amount` (0 or more) and closes the ID; a change_password stores `password`. ' +
          'Reject: nothing moves except a deposit’s hold returning to the wallet. Handled once: a ' +
          'second call is 409 ALREADY_HANDLED.',
        headers: IdempotencyHeadersSchema,
        params: IdParamSchema,
        body: HandleRequestBodySchema,
        response: { 200: ItemSchema },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (db) => {
        const view = await handleRequest(db, key, actorOf(request), request.params.id, request.body);
        const message = view.status === 'approved' ? 'The request has been approved.' : 'The request has been rejected.';
        return { message, data: toIdRequestJson(view, key, 'admin') };
      }),
  );
};
