import {
  ChangePasswordRequestBodySchema,
  DepositBodySchema,
  envelope,
  ID_PROOF_FIELD,
  IdParamSchema,
  IdRequestSchema,
  IDS_API,
  IdWithdrawBodySchema,
  PageQuerySchema,
  paginated,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formSpec, readForm } from '../../lib/multipart';
import { optionalBody } from '../../lib/optional-body';
import { callerOf } from '../../plugins/app/auth';
import { toIdRequestJson } from './serialize';
import { cancelRequest } from './handle';
import { customerItemRoutes, filingRouteOptions } from '../pending-items';
import {
  listOwnIdRequests,
  listOwnRequests,
  requestClose,
  prepareDeposit,
  recordDeposit,
  requestPasswordChange,
  requestWithdraw,
} from './service';
import { t } from '../../lib/i18n';
import type { Storage } from '../../lib/storage';

const ItemSchema = envelope(IdRequestSchema);
const PageSchema = envelope(paginated(IdRequestSchema));
const activeNote =
  'Only on an active ID: otherwise 409 ID_NOT_ACTIVE naming its status; while a close of the ID is waiting, ' +
  '409 ID_CLOSING. Another user’s ID: 404.';

const DepositForm = formSpec(DepositBodySchema, { [ID_PROOF_FIELD]: null });

/** The customer's requests on their own IDs. */
export const idRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;
  const json = (view: Parameters<typeof toIdRequestJson>[0]) => toIdRequestJson(view, key, 'owner');

  /** A request filed on one of the caller's IDs, a money call (the ID's id in the path). */
  const fileOptions = (summary: string, description: string) => {
    const options = filingRouteOptions(app, { tag: 'ids', summary, description, schema: IdRequestSchema });
    return { ...options, schema: { ...options.schema, params: IdParamSchema } };
  };

  const deposit = fileOptions(
    'Put money into an ID',
    'multipart/form-data: `amount` (at least the item’s `min_deposit`, and within the ID-deposit ' +
      'limits of the site settings: 422 on `amount`), `pay_from`; with ' +
      `\`payment\` also \`payment_type_id\`, \`reference\` and the screenshot \`proof\`. From the wallet the amount is held at once. ${activeNote}`,
  );
  app.post(IDS_API.userIdDeposit(':id'), { ...deposit, schema: { ...deposit.schema, form: DepositForm } }, async (request, reply) => {
    const { fields, files } = await readForm(request, DepositForm);
    const userId = callerOf(request).user.id;
    return app.moneyTransaction(
      request,
      reply,
      async (tx, _storage, prepared) => {
        const view = await recordDeposit(tx, userId, request.params.id, fields, prepared);
        return { message: t('api.queue.sent'), data: json(view) };
      },
      (storage: Storage) => prepareDeposit(app.db, storage, userId, request.params.id, fields, files.proof),
    );
  });

  const withdraw = fileOptions(
    'Take money out of an ID into the wallet',
    'The wallet is credited with the amount the admin confirms. An amount outside the ' +
      `ID-withdrawal limits of the site settings is 422 on \`amount\`. ${activeNote}`,
  );
  app.post(
    IDS_API.userIdWithdraw(':id'),
    { ...withdraw, schema: { ...withdraw.schema, body: IdWithdrawBodySchema } },
    async (request, reply) =>
      app.moneyTransaction(request, reply, async (tx) => {
        const view = await requestWithdraw(tx, callerOf(request).user.id, request.params.id, request.body.amount);
        return { message: t('api.queue.sent'), data: json(view) };
      }),
  );

  const close = fileOptions(
    'Ask to close an ID; what is left in it goes to the wallet',
    `A second close while one waits is 409 ID_CLOSING, as any request then is. ${activeNote}`,
  );
  app.post(IDS_API.userIdClose(':id'), close, async (request, reply) =>
    app.moneyTransaction(request, reply, async (tx) => {
      const view = await requestClose(tx, callerOf(request).user.id, request.params.id);
      return { message: t('api.queue.sent'), data: json(view) };
    }),
  );

  app.post(
    IDS_API.userIdChangePassword(':id'),
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['ids'],
        summary: 'Ask for a new password on an ID, optionally naming it',
        description: `At most one waiting password change per ID (409). ${activeNote}`,
        errors: [409],
        params: IdParamSchema,
        body: optionalBody(ChangePasswordRequestBodySchema),
        response: { 200: ItemSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request).user.id;
      const view = await app.db.transaction((tx) => requestPasswordChange(tx, key, caller, request.params.id, request.body.password));
      return { message: t('api.queue.sent'), data: json(view) };
    },
  );

  customerItemRoutes(app, {
    tag: 'ids',
    schema: IdRequestSchema,
    toJson: json,
    cancel: {
      path: IDS_API.requestCancel(':id'),
      summary: 'Cancel one of the caller’s waiting ID requests (deposit, withdrawal, close, password change)',
      run: cancelRequest,
      message(view) {
        const refunded = view.type === 'deposit' && view.payFrom === 'wallet';
        return t(refunded ? 'api.idRequests.cancelledRefunded' : 'api.idRequests.cancelled');
      },
    },
  });

  app.get(
    IDS_API.userIdRequests(':id'),
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['ids'],
        summary: 'One of the caller’s IDs: its requests, newest first (its create request included)',
        params: IdParamSchema,
        querystring: PageQuerySchema,
        response: { 200: PageSchema },
      },
    },
    async (request) => {
      const page = await listOwnIdRequests(app.db, callerOf(request).user.id, request.params.id, request.query);
      return { message: null, data: { ...page, items: page.items.map(json) } };
    },
  );

  app.get(
    IDS_API.requests,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['ids'],
        summary: 'All of the caller’s requests on their IDs, newest first',
        querystring: PageQuerySchema,
        response: { 200: PageSchema },
      },
    },
    async (request) => {
      const page = await listOwnRequests(app.db, callerOf(request).user.id, request.query);
      return { message: null, data: { ...page, items: page.items.map(json) } };
    },
  );
};

