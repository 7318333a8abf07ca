import {
  CreateUserIdBodySchema,
  envelope,
  ID_PROOF_FIELD,
  IdParamSchema,
  IDS_API,
  UserIdSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formSpec, readForm } from '../../lib/multipart';
import { callerOf } from '../../plugins/app/auth';
import { toUserIdJson } from './serialize';
import { cancelUserId, getOwnUserId, listOwnUserIds, prepareCreateUserId, recordCreateUserId } from './service';
import { customerItemRoutes, filingRouteOptions } from '../pending-items';
import type { UserIdView } from './repository';
import { t } from '../../lib/i18n';
import type { Storage } from '../../lib/storage';

const CreateUserIdForm = formSpec(CreateUserIdBodySchema, { [ID_PROOF_FIELD]: null });

/** The customer's side: ask for a new ID, list and read their own. */
export const userIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;
  const json = (view: UserIdView) => toUserIdJson(view, key, 'owner');

  const create = filingRouteOptions(app, {
    tag: 'ids',
    summary: 'Ask for a new ID on a catalogue item',
    description:
      'multipart/form-data: `username`, `amount`, `pay_from` (`wallet` or `payment`); with ' +
      '`payment` also `payment_type_id`, `reference` and the screenshot `proof`. The amount ' +
      'must be at least the item’s `min_deposit` and within the new-ID limits of the site ' +
      'settings (422 on `amount`). From the wallet it is held at once ' +
      '(409 INSUFFICIENT_BALANCE when short). Unknown or inactive item: 404.',
    schema: UserIdSchema,
  });
  app.post(
    IDS_API.idCreate(':id'),
    { ...create, schema: { ...create.schema, form: CreateUserIdForm, params: IdParamSchema } },
    async (request, reply) => {
      const { fields, files } = await readForm(request, CreateUserIdForm);
      const userId = callerOf(request).user.id;
      return app.moneyTransaction(
        request,
        reply,
        async (tx, _storage, prepared) => {
          const view = await recordCreateUserId(tx, userId, request.params.id, fields, prepared);
          return { message: t('api.queue.sent'), data: json(view) };
        },
        (storage: Storage) => prepareCreateUserId(app.db, storage, request.params.id, fields, files.proof),
      );
    },
  );

  customerItemRoutes(app, {
    tag: 'ids',
    schema: UserIdSchema,
    toJson: json,
    get: { path: IDS_API.userId(':id'), summary: 'One of the caller’s IDs, with its login and password once active', getOwn: getOwnUserId },
    cancel: {
      path: IDS_API.userIdCancel(':id'),
      summary: 'Cancel one of the caller’s new IDs while it waits for the desk; a wallet payment returns',
      run: cancelUserId,
      message(view) {
        return t(view.create.payFrom === 'wallet' ? 'api.userIds.cancelledRefunded' : 'api.userIds.cancelled');
      },
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
      return { message: null, data: views.map(json) };
    },
  );
};
