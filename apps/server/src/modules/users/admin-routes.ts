import {
  AdminUserDetailSchema,
  AdminUserListItemSchema,
  AdminUsersFilterSchema,
  BalanceChangeBodySchema,
  envelope,
  IdParamSchema,
  PageQuerySchema,
  paginated,
  DESK_API,
  DeskListQuerySchema,
  TransactionSchema,
  WALLET_API,
  IdempotencyHeadersSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyRoute } from '../../plugins/app/money-calls';
import { localeOfHeaders, t } from '../../lib/i18n';
import { optionalBody } from '../../lib/optional-body';
import { actorOf } from '../audit';
import { keysetRows, sendCsv } from '../../lib/csv-export';
import { listTransactions, transactionChunk, transactionCsvColumns } from '../ledger';
import { toTransactionJson } from '../ledger';
import { changeBalance, getUserDetail, requireUserExists, searchUsers, setBlocked } from './admin-service';
import { toUserJson } from './serialize';

const tags = ['admin'];
const DetailSchema = envelope(AdminUserDetailSchema);

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    WALLET_API.adminUsers,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Users, newest first, filtered by `search` (name, email or phone) and `blocked`',
        querystring: PageQuerySchema,
        body: optionalBody(AdminUsersFilterSchema),
        response: { 200: envelope(paginated(AdminUserListItemSchema)) },
      },
    },
    async (request) => {
      const page = await searchUsers(app.db, request.body, request.query);
      return { message: null, data: { ...page, items: page.items.map(toUserJson) } };
    },
  );

  app.get(
    WALLET_API.adminUser(':id'),
    {
      onRequest: app.requireAdmin,
      schema: { tags, summary: 'One user, with balance, holds and counts', params: IdParamSchema, response: { 200: DetailSchema } },
    },
    async (request) => ({ message: null, data: await getUserDetail(app.db, request.params.id) }),
  );

  for (const [path, isBlocked, message] of [
    [WALLET_API.adminUserBlock(':id'), true, 'api.users.blocked'],
    [WALLET_API.adminUserUnblock(':id'), false, 'api.users.unblocked'],
  ] as const) {
    app.get(
      path,
      {
        onRequest: app.requireAdmin,
        // A GET that writes: its answer waits for the change feed (plugins/app/db.ts).
        config: { writes: true },
        schema: {
          tags,
          summary: isBlocked
            ? 'Block a customer: every token of theirs is refused from the next request'
            : 'Unblock a customer',
          description:
            'A staff account (your own too) is 409 `STAFF_ACCOUNT`: staff are disabled and enabled ' +
            'only through staff management (`/api/admin/staff/{id}/disable`, `/enable`; owners).',
          errors: [409],
          params: IdParamSchema,
          response: { 200: DetailSchema },
        },
      },
      async (request) => ({
        message: t(message),
        data: await setBlocked(app.db, actorOf(request), request.params.id, isBlocked),
      }),
    );
  }

  app.get(
    WALLET_API.adminUserTransactions(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "A user's wallet movements, newest first",
        description:
          'Filters: amount_min/amount_max (the size of the movement, either sign), reference (part ' +
          'of the description), from/to (days in the display time zone); sort=oldest|newest.',
        params: IdParamSchema,
        querystring: DeskListQuerySchema,
        response: { 200: envelope(paginated(TransactionSchema)) },
      },
    },
    async (request) => {
      const query = { ...request.query, timeZone: app.config.displayTimeZone };
      const page = await listTransactions(app.db, request.params.id, query);
      // An unknown user has no rows: only an empty page asks whether the user exists (404).
      if (page.items.length === 0) await requireUserExists(app.db, request.params.id);
      return { message: null, data: page };
    },
  );

  app.get(
    DESK_API.userTransactionsCsv(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "A user's wallet movements as CSV, filtered like the list",
        description: 'Every matching row (`page`/`perPage` ignored); exact signed amounts, times in the display time zone.',
        params: IdParamSchema,
        querystring: DeskListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const userId = request.params.id;
      await requireUserExists(app.db, userId);
      const timeZone = app.config.displayTimeZone;
      const query = { ...request.query, timeZone };
      return sendCsv(
        reply,
        `user-${userId}-transactions.csv`,
        transactionCsvColumns(timeZone, localeOfHeaders(request.headers)),
        keysetRows((after, size) => transactionChunk(app.db, userId, query, after, size)),
      );
    },
  );

  for (const [path, direction, message] of [
    [WALLET_API.adminDepositCreate, 'deposit', 'api.balance.credited'],
    [WALLET_API.adminWithdrawCreate, 'withdraw', 'api.balance.debited'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        ...moneyRoute(app),
        schema: {
          tags,
          summary: direction === 'deposit' ? 'Credit a user’s balance by hand' : 'Debit a user’s balance by hand',
          description:
            direction === 'withdraw' ? 'Never overdraws: above the balance is 409 INSUFFICIENT_BALANCE.' : undefined,
          headers: IdempotencyHeadersSchema,
          body: BalanceChangeBodySchema,
          response: { 200: envelope(TransactionSchema) },
        },
      },
      async (request, reply) =>
        app.moneyTransaction(request, reply, async (tx) => {
          const row = await changeBalance(tx, actorOf(request), direction, request.body);
          return { message: t(message), data: toTransactionJson(row) };
        }),
    );
  }
};
