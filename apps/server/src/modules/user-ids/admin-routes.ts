import {
  ApproveUserIdBodySchema,
  envelope,
  IdParamSchema,
  IDS_API,
  paginated,
  PendingPageQuerySchema,
  RejectBodySchema,
  UserIdSchema,
  IdempotencyHeadersSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyRoute } from '../../plugins/app/money-calls';
import { optionalBody } from '../../lib/optional-body';
import { actorOf } from '../audit/actor';
import { toUserIdJson } from './serialize';
import { decideUserId, getUserId, listUserIds } from './service';

const ItemSchema = envelope(UserIdSchema);
const onceNote = 'A new ID is handled once: a second approve or reject is 409 ALREADY_HANDLED.';

/** The admin's new-ID queue: pending user IDs, approved with credentials or rejected. */
export const adminUserIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;

  app.get(
    IDS_API.adminUserIds,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'User IDs, newest first; pending=1 the new-ID queue, pending=0 the handled ones',
        querystring: PendingPageQuerySchema,
        response: { 200: envelope(paginated(UserIdSchema)) },
      },
    },
    async (request) => {
      const page = await listUserIds(app.db, request.query);
      return { message: null, data: { ...page, items: page.items.map((v) => toUserIdJson(v, key, 'admin')) } };
    },
  );

  app.get(
    IDS_API.adminUserId(':id'),
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'One user ID, with the customer and credentials', params: IdParamSchema, response: { 200: ItemSchema } },
    },
    async (request) => ({
      message: null,
      data: toUserIdJson(await getUserId(app.db, request.params.id), key, 'admin'),
    }),
  );

  app.post(
    IDS_API.adminUserIdApprove(':id'),
    {
      onRequest: app.requireAdmin,
      ...moneyRoute(app),
      schema: {
        tags: ['admin'],
        summary: 'Approve a new ID: the amount put into it, its login and password',
        description: `Credentials are stored encrypted; a wallet hold is settled. ${onceNote}`,
        headers: IdempotencyHeadersSchema,
        params: IdParamSchema,
        body: ApproveUserIdBodySchema,
        response: { 200: ItemSchema },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (db) => {
        const view = await decideUserId(db, key, actorOf(request), request.params.id, {
          status: 'active',
          input: request.body,
        });
        return { message: 'The ID has been approved; the customer can now see its login and password.', data: toUserIdJson(view, key, 'admin') };
      }),
  );

  app.post(
    IDS_API.adminUserIdReject(':id'),
    {
      onRequest: app.requireAdmin,
      ...moneyRoute(app),
      schema: {
        tags: ['admin'],
        summary: 'Reject a new ID, with an optional comment; a wallet payment is refunded',
        description: onceNote,
        headers: IdempotencyHeadersSchema,
        params: IdParamSchema,
        body: optionalBody(RejectBodySchema),
        response: { 200: ItemSchema },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (db) => {
        const view = await decideUserId(db, key, actorOf(request), request.params.id, {
          status: 'rejected',
          comment: request.body.comment ?? null,
        });
        const message =
          view.create.payFrom === 'wallet'
            ? 'The ID request has been rejected and the amount returned to the wallet.'
            : 'The ID request has been rejected.';
        return { message, data: toUserIdJson(view, key, 'admin') };
      }),
  );
};
