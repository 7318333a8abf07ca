import { envelope, IdParamSchema, paginated, TransactionSchema, TransactionsQuerySchema, WALLET_API } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keysetRows, sendCsv } from '../../lib/csv-export';
import { localeOfHeaders } from '../../lib/i18n';
import { callerOf } from '../../plugins/app/auth';
import { NotFoundError } from '../../errors/app-errors';
import { listTransactions, ownTransaction, transactionChunk, transactionCsvColumns } from './list';

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    WALLET_API.transactions,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: "The caller's wallet movements, newest first",
        description:
          'pending=1: holds and credits awaiting approval; pending=0: done and rejected. kind: one ' +
          'kind of movement; from/to: days in the display time zone, both included.',
        querystring: TransactionsQuerySchema,
        response: { 200: envelope(paginated(TransactionSchema)) },
      },
    },
    async (request) => ({
      message: null,
      data: await listTransactions(app.db, callerOf(request).user.id, {
        ...request.query,
        timeZone: app.config.displayTimeZone,
      }),
    }),
  );

  app.get(
    WALLET_API.transactionsCsv,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: "The caller's statement: their wallet movements as CSV, filtered like the list",
        description:
          'Every matching row (`page`/`perPage` ignored), newest first; exact signed amounts, times ' +
          'in the display time zone, descriptions in the language the call asks for.',
        querystring: TransactionsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const userId = callerOf(request).user.id;
      const timeZone = app.config.displayTimeZone;
      const query = { ...request.query, timeZone };
      return sendCsv(
        reply,
        'statement.csv',
        transactionCsvColumns(timeZone, localeOfHeaders(request.headers)),
        keysetRows((after, size) => transactionChunk(app.db, userId, query, after, size)),
      );
    },
  );

  app.get(
    WALLET_API.transaction(':id'),
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: "One of the caller's wallet movements, for its receipt",
        description: "Another user's movement, like a missing one, is 404.",
        params: IdParamSchema,
        response: { 200: envelope(TransactionSchema) },
      },
    },
    async (request) => {
      const row = await ownTransaction(app.db, callerOf(request).user.id, request.params.id);
      if (!row) throw new NotFoundError();
      return { message: null, data: row };
    },
  );
};
