import {
  ADD_FUNDS_PROOF_FIELD,
  AddFundsBodySchema,
  BillSchema,
  envelope,
  IdParamSchema,
  PROOF_REQUIRED_MESSAGE,
  WALLET_API,
  IdempotencyHeadersSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyRoute } from '../../plugins/app/money-calls';
import { formSpec, readForm } from '../../lib/multipart';
import { callerOf } from '../../plugins/app/auth';
import { actorOf } from '../audit';
import { decisionRouteOptions, queueReadRoutes, rejectRoute } from '../pending-items';
import { toBillJson } from './serialize';
import { addFunds, getBill, getOwnBill, handleBill, listBills } from './service';

const ItemSchema = envelope(BillSchema);

const AddFundsForm = formSpec(AddFundsBodySchema, { [ADD_FUNDS_PROOF_FIELD]: PROOF_REQUIRED_MESSAGE });

export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    WALLET_API.addFunds,
    {
      onRequest: app.requireUser,
      ...moneyRoute(app),
      schema: {
        tags: ['wallet'],
        summary: 'Ask to add funds, with a payment screenshot',
        description:
          'multipart/form-data: `amount`, `payment_type_id`, `reference` and the image `proof` ' +
          '(JPEG/PNG/WebP, at most 5 MB and 40 megapixels). Creates a pending bill; the balance ' +
          'grows when an admin approves it.',
        form: AddFundsForm,
        headers: IdempotencyHeadersSchema,
        response: { 200: ItemSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readForm(request, AddFundsForm);
      return app.idempotent(request, reply, async (db, storage) => {
        const deps = { db, storage, log: request.log };
        const bill = await addFunds(deps, callerOf(request).user.id, fields, files.proof!);
        return { message: 'Request sent. We will process it shortly.', data: toBillJson(bill) };
      });
    },
  );

  app.get(
    WALLET_API.bill(':id'),
    {
      onRequest: app.requireUser,
      schema: { tags: ['wallet'], summary: 'One of the caller’s bills', params: IdParamSchema, response: { 200: ItemSchema } },
    },
    async (request) => ({
      message: null,
      data: toBillJson(await getOwnBill(app.db, callerOf(request).user.id, request.params.id)),
    }),
  );

  queueReadRoutes(app, {
    listPath: WALLET_API.adminBills,
    itemPath: WALLET_API.adminBill(':id'),
    schema: BillSchema,
    listSummary: 'Bills, newest first; pending=1 the queue, pending=0 the handled ones',
    itemSummary: 'One bill',
    list: listBills,
    get: getBill,
    toJson: toBillJson,
  });

  app.post(
    WALLET_API.adminBillApprove(':id'),
    decisionRouteOptions(app, {
      summary: 'Approve a bill: its amount is credited to the balance',
      description: 'A bill is handled once: a second approve or reject is 409 ALREADY_HANDLED.',
      schema: BillSchema,
    }),
    async (request, reply) =>
      app.idempotent(request, reply, async (db) => {
        const bill = await handleBill(db, actorOf(request), request.params.id, { status: 'approved' });
        return { message: 'The bill has been approved and the balance credited.', data: toBillJson(bill) };
      }),
  );

  rejectRoute(app, WALLET_API.adminBillReject(':id'), {
    summary: 'Reject a bill, with an optional comment for the customer',
    schema: BillSchema,
    async reject(db, actor, id, comment) {
      const bill = await handleBill(db, actor, id, { status: 'rejected', comment });
      return { message: 'The bill has been rejected.', data: toBillJson(bill) };
    },
  });
};
