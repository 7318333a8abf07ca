import { ApproveUserIdBodySchema, DESK_API, IDS_API, UserIdSchema } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit';
import { decisionRouteOptions, queueReadRoutes, rejectRoute, reuseConfirmation } from '../pending-items';
import { userIdChunk } from './repository';
import { toUserIdJson, userIdCsvColumns } from './serialize';
import { decideUserId, getUserId, listUserIds } from './service';
import { t } from '../../lib/i18n';

const onceNote = 'A new ID is handled once: a second approve or reject is 409 ALREADY_HANDLED.';

/** The admin's new-ID queue: pending user IDs, approved with credentials or rejected. */
export const adminUserIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.keyring;

  queueReadRoutes(app, {
    listPath: IDS_API.adminUserIds,
    itemPath: IDS_API.adminUserId(':id'),
    schema: UserIdSchema,
    listSummary: 'User IDs; pending=1 the new-ID queue (oldest first), pending=0 the handled ones (newest first)',
    listDescription:
      'Filters (on the ID’s payment): customer, amount_min/amount_max, reference, payment_type_id, ' +
      'from/to (days in the display time zone); sort=oldest|newest.',
    itemSummary: 'One user ID, with the customer and credentials',
    list: listUserIds,
    get: getUserId,
    toJson: (view) => toUserIdJson(view, key, 'admin'),
    csv: {
      path: DESK_API.userIdsCsv,
      summary: 'New IDs as CSV, filtered like the list (never credentials)',
      filename: 'new-ids.csv',
      columns: userIdCsvColumns,
      chunk: userIdChunk,
    },
  });

  const approve = decisionRouteOptions(app, {
    summary: 'Approve a new ID: the amount put into it, its login and password',
    description: `Credentials are stored encrypted; a wallet hold is settled. ${onceNote}`,
    schema: UserIdSchema,
  });
  app.post(
    IDS_API.adminUserIdApprove(':id'),
    { ...approve, schema: { ...approve.schema, body: ApproveUserIdBodySchema } },
    async (request, reply) =>
      app.moneyTransaction(request, reply, async (tx) => {
        const view = await decideUserId(
          tx,
          key,
          actorOf(request),
          request.params.id,
          { status: 'active', input: request.body },
          reuseConfirmation(request.body),
        );
        return { message: t('api.userIds.approved'), data: toUserIdJson(view, key, 'admin') };
      }),
  );

  rejectRoute(app, IDS_API.adminUserIdReject(':id'), {
    summary: 'Reject a new ID, with an optional comment; a wallet payment is refunded',
    description: onceNote,
    schema: UserIdSchema,
    async reject(tx, actor, id, comment) {
      const view = await decideUserId(tx, key, actor, id, { status: 'rejected', comment });
      const message = t(view.create.payFrom === 'wallet' ? 'api.userIds.rejectedRefunded' : 'api.userIds.rejected');
      return { message, data: toUserIdJson(view, key, 'admin') };
    },
  });
};
