import { DESK_API, HandleRequestBodySchema, IdRequestSchema, IDS_API } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit';
import { decisionRouteOptions, queueReadRoutes } from '../pending-items';
import { requestChunk } from './repository';
import { getRequest, handleRequest, listQueue } from './handle';
import { requestCsvColumns, toIdRequestJson } from './serialize';
import { t } from '../../lib/i18n';

/** The admin's request queues: deposits, withdrawals, closes and password changes. */
export const adminIdRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;

  queueReadRoutes(app, {
    listPath: IDS_API.adminRequests,
    itemPath: IDS_API.adminRequest(':id'),
    schema: IdRequestSchema,
    listSummary: 'Requests on IDs, newest first; pending=1 the queue, pending=0 the done list',
    listDescription: 'New IDs are not here (see /admin/user_ids). The done list hides requests whose ID is still pending.',
    itemSummary: 'One request, with its ID and customer',
    list: listQueue,
    get: getRequest,
    toJson: (view) => toIdRequestJson(view, key, 'admin'),
    csv: {
      path: DESK_API.requestsCsv,
      summary: 'Requests on IDs as CSV, filtered like the list',
      filename: 'requests.csv',
      columns: requestCsvColumns,
      chunk: (db, query, after, size) => requestChunk(db, { ...query, queue: true }, after, size),
    },
  });

  // One call for both outcomes: what approving needs (an amount, a password) depends on the type.
  const handle = decisionRouteOptions(app, {
    summary: 'Approve or reject a request',
    description:
      'Approve: a deposit’s wallet hold is settled; a withdraw credits `amount` (> 0) to the wallet; ' +
      'a close credits `amount` (0 or more) and closes the ID; a change_password stores `password`. ' +
      'Reject: nothing moves except a deposit’s hold returning to the wallet. Handled once: a ' +
      'second call is 409 ALREADY_HANDLED.',
    schema: IdRequestSchema,
  });
  app.post(
    IDS_API.adminRequestHandle(':id'),
    { ...handle, schema: { ...handle.schema, body: HandleRequestBodySchema } },
    async (request, reply) =>
      app.moneyTransaction(request, reply, async (tx) => {
        const view = await handleRequest(tx, key, actorOf(request), request.params.id, request.body);
        const message = t(view.status === 'approved' ? 'api.idRequests.approved' : 'api.idRequests.rejected');
        return { message, data: toIdRequestJson(view, key, 'admin') };
      }),
  );
};
