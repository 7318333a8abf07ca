import {
  ADD_FUNDS_PROOF_FIELD,
  AddFundsBodySchema,
  BillSchema,
  ConfirmReusedBodySchema,
  DESK_API,
  proofRequiredMessage,
  WALLET_API,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formSpec, readForm } from '../../lib/multipart';
import { optionalBody } from '../../lib/optional-body';
import { callerOf } from '../../plugins/app/auth';
import { actorOf } from '../audit';
import {
  batchRoute,
  customerItemRoutes,
  decisionRouteOptions,
  filingRouteOptions,
  queueReadRoutes,
  rejectRoute,
  reuseConfirmation,
} from '../pending-items';
import { cachedPaymentType } from '../payment-types';
import { cachedMoneyLimits } from '../settings';
import { billChunk } from './repository';
import { billCsvColumns, toBillJson } from './serialize';
import { cancelBill, claimBill, getBill, getOwnBill, handleBill, listBills, prepareAddFunds, readScreenshot, readUnreadScreenshots, recordAddFunds, releaseBill } from './service';
import { t } from '../../lib/i18n';
import { screenshotReader } from '../../lib/ocr';
import type { Storage } from '../../lib/storage';

const AddFundsForm = formSpec(AddFundsBodySchema, { [ADD_FUNDS_PROOF_FIELD]: proofRequiredMessage });

export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  // The OCR thread (lib/ocr.ts) ends with the server; a later reading would start another.
  if (app.config.screenshotReading) {
    app.addHook('onReady', () => readUnreadScreenshots({ db: app.db, storage: app.storage, log: app.log }));
    app.addHook('onClose', () => screenshotReader.stop());
  }
  const addFundsOptions = filingRouteOptions(app, {
    tag: 'wallet',
    summary: 'Ask to add funds, with a payment screenshot',
    description:
      'multipart/form-data: `amount`, `payment_type_id`, `reference` and the image `proof` ' +
      '(JPEG/PNG/WebP, at most 5 MB and 40 megapixels). Creates a pending bill; the balance ' +
      'grows when an admin approves it. An amount outside the add-funds limits of the site ' +
      'settings is 422 on `amount`.',
    schema: BillSchema,
  });
  app.post(
    WALLET_API.addFunds,
    { ...addFundsOptions, schema: { ...addFundsOptions.schema, form: AddFundsForm } },
    async (request, reply) => {
      const { fields, files } = await readForm(request, AddFundsForm);
      // From this process's memory, outside the keyed call's transaction (as for /withdraw).
      const known = {
        limits: await cachedMoneyLimits(app.db),
        paymentType: await cachedPaymentType(app.db, fields.payment_type_id),
      };
      const { id, name, email, phone, locale } = callerOf(request).user;
      const answer = await app.moneyTransaction(
        request,
        reply,
        async (tx, _storage, image) => {
          // prepareAddFunds refused an inactive or unknown payment type.
          const bill = await recordAddFunds(tx, { id, name, email, phone, locale }, fields, image, known.paymentType!);
          return { message: t('api.queue.sent'), data: toBillJson(bill) };
        },
        (storage: Storage) => prepareAddFunds(app.db, storage, fields, files.proof!, known),
      );
      // Committed: the screenshot is read after the answer, off the request (issue 54 item 5).
      if (app.config.screenshotReading) void readScreenshot({ db: app.db, storage: app.storage, log: request.log }, answer.data.id);
      return answer;
    },
  );

  customerItemRoutes(app, {
    tag: 'wallet',
    schema: BillSchema,
    toJson: (bill) => toBillJson(bill),
    get: { path: WALLET_API.bill(':id'), summary: 'One of the caller’s bills', getOwn: getOwnBill },
    cancel: {
      path: WALLET_API.billCancel(':id'),
      summary: 'Cancel one of the caller’s pending top-ups before the desk handles it',
      run: cancelBill,
      message: () => t('api.bills.cancelled'),
    },
  });

  queueReadRoutes(app, {
    listPath: WALLET_API.adminBills,
    itemPath: WALLET_API.adminBill(':id'),
    schema: BillSchema,
    listSummary: 'Bills; pending=1 the queue (oldest first), pending=0 the handled ones (newest first)',
    listDescription:
      'Filters: customer (name, email or phone), amount_min/amount_max, reference (part of the UTR), ' +
      'payment_type_id, from/to (days in the display time zone); sort=oldest|newest. Each row names ' +
      'its handler and any other payment with the same UTR or a look-alike screenshot.',
    itemSummary: 'One bill',
    list: listBills,
    get: getBill,
    claims: { claim: claimBill, release: releaseBill },
    toJson: (bill) => toBillJson(bill, 'admin'),
    csv: {
      path: DESK_API.billsCsv,
      summary: 'Bills as CSV, filtered like the list',
      filename: 'bills.csv',
      columns: billCsvColumns,
      chunk: billChunk,
    },
  });

  const approve = decisionRouteOptions(app, {
    summary: 'Approve a bill: its amount is credited to the balance',
    description:
      'A bill is handled once: a second approve or reject is 409 ALREADY_HANDLED. A flagged bill ' +
      '(its UTR, in canonical form, approved or used on another payment, or a look-alike ' +
      'screenshot) is 409 REUSED_PROOF (UTR approved elsewhere) or PROOF_FLAGGED unless the body ' +
      'carries `confirm_reused: true` and a `comment`, the reason, which the audit entry and the ' +
      'bill’s comment (staff only) record.',
    schema: BillSchema,
  });
  app.post(
    WALLET_API.adminBillApprove(':id'),
    { ...approve, schema: { ...approve.schema, body: optionalBody(ConfirmReusedBodySchema) } },
    async (request, reply) => {
      const confirmation = reuseConfirmation(request.body);
      return app.moneyTransaction(request, reply, async (tx) => {
        const bill = await handleBill(tx, actorOf(request), request.params.id, { status: 'approved' }, confirmation);
        return { message: t('api.bills.approved'), data: toBillJson(bill, 'admin') };
      });
    },
  );

  batchRoute(app, DESK_API.billsBatch, {
    summary: 'Approve or reject several pending bills, each on its own',
    async decide(tx, actor, id, action, comment, reason) {
      if (action === 'reject') await handleBill(tx, actor, id, { status: 'rejected', comment });
      else await handleBill(tx, actor, id, { status: 'approved' }, reason === null ? null : { comment: reason });
    },
  });

  rejectRoute(app, WALLET_API.adminBillReject(':id'), {
    summary: 'Reject a bill, with an optional comment for the customer',
    schema: BillSchema,
    async reject(tx, actor, id, comment) {
      const bill = await handleBill(tx, actor, id, { status: 'rejected', comment });
      return { message: t('api.bills.rejected'), data: toBillJson(bill, 'admin') };
    },
  });
};
