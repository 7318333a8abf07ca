import { envelope, paginated, PendingPageQuerySchema, TransactionSchema, WALLET_API } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/app/auth';
import { listTransactions } from './list';

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    WALLET_API.transactions,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: "The caller's wallet movements, newest first",
        description: 'pending=1: holds and credits awaiting approval; pending=0: done and rejected.',
        querystring: PendingPageQuerySchema,
        response: { 200: envelope(paginated(TransactionSchema)) },
      },
    },
    async (request) => ({
      message: null,
      data: await listTransactions(app.db, callerOf(request).user.id, request.query),
    }),
  );
};
