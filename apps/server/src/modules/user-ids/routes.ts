import {
  CreateUserIdBodySchema,
  envelope,
  ID_PROOF_FIELD,
  IdParamSchema,
  IDS_API,
  UserIdSchema,
  IdempotencyHeadersSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyRoute } from '../../plugins/app/money-calls';
import { z } from 'zod';
import { formSpec, readForm } from '../../lib/multipart';
import { callerOf } from '../../plugins/app/auth';
import { toUserIdJson } from './serialize';
import { cancelUserId, createUserId, getOwnUserId, listOwnUserIds } from './service';
import { cancelRoute } from '../pending-items';

const ItemSchema = envelope(UserIdSchema);

const CreateUserIdForm = formSpec(CreateUserIdBodySchema, { [ID_PROOF_FIELD]: null });

/** The customer's side: ask for a new ID, list and read their own. */
export const userIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;

  app.post(
    IDS_API.idCreate(':id'),
    {
      onRequest: app.requireUser,
      ...moneyRoute(app),
      schema: {
        tags: ['ids'],
        summary: 'Ask for a new ID on a catalogue item',
        description:
          'multipart/form-data: `username`, `amount`, `pay_from` (`wallet` or `payment`); with ' +
          '`payment` also `payment_type_id`, `reference` and the screenshot `proof`. The amount ' +
          'must be at least the item’s `min_deposit` and within the new-ID limits of the site ' +
          'settings (422 on `amount`). From the wallet it is held at once ' +
          '(409 INSUFFICIENT_BALANCE when short). Unknown or inactive item: 404.',
        form: CreateUserIdForm,
        headers: IdempotencyHeadersSchema,
        params: IdParamSchema,
        response: { 200: ItemSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readForm(request, CreateUserIdForm);
      return app.idempotent(request, reply, async (db, storage) => {
        const deps = { db, storage, log: request.log };
        const userId = callerOf(request).user.id;
        const view = await createUserId(deps, userId, request.params.id, fields, files.proof);
        return { message: 'Request sent. We will process it shortly.', data: toUserIdJson(view, key, 'owner') };
      });
    },
  );

  cancelRoute(app, IDS_API.userIdCancel(':id'), {
    tag: 'ids',
    summary: 'Cancel one of the caller’s new IDs while it waits for the desk; a wallet payment returns',
    schema: UserIdSchema,
    async cancel(db, actor, id) {
      const view = await cancelUserId(db, actor, id);
      const returned = view.create.payFrom === 'wallet' ? ' and the amount returned to your balance' : '';
      return { message: `Your ID request has been cancelled${returned}.`, data: toUserIdJson(view, key, 'owner') };
    },
  });

  app.get(
    IDS_API.userIds,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['ids'],
        summary: 'The caller’s IDs, newest first; credentials on active ones',
        response: { 200: envelope(z.array(UserIdSchema)) },
      },
    },
    async (request) => {
      const views = await listOwnUserIds(app.db, callerOf(request).user.id);
      return { message: null, data: views.map((v) => toUserIdJson(v, key, 'owner')) };
    },
  );

  app.get(
    IDS_API.userId(':id'),
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['ids'],
        summary: 'One of the caller’s IDs, with its login and password once active',
        params: IdParamSchema,
        response: { 200: ItemSchema },
      },
    },
    async (request) => {
      const view = await getOwnUserId(app.db, callerOf(request).user.id, request.params.id);
      return { message: null, data: toUserIdJson(view, key, 'owner') };
    },
  );
};
