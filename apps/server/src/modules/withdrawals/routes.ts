import {
  DESK_API,
  envelope,
  PayoutTodaySchema,
  WALLET_API,
  WITHDRAWAL_APPROVE_PROOF_FIELD,
  WithdrawalApproveBodySchema,
  WithdrawalSchema,
  WithdrawBodySchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formSpec, readForm } from '../../lib/multipart';
import { callerOf } from '../../plugins/app/auth';
import { actorOf } from '../audit';
import { cachedMoneyLimits } from '../settings';
import {
  batchRoute,
  customerItemRoutes,
  decisionRouteOptions,
  filingRouteOptions,
  queueReadRoutes,
  rejectRoute,
} from '../pending-items';
import { withdrawalChunk } from './repository';
import { toWithdrawalJson, withdrawalCsvColumns } from './serialize';
import {
  cancelWithdrawal,
  getOwnWithdrawal,
  getWithdrawal,
  handleWithdrawal,
  prepareWithdrawalDecision,
  listWithdrawals,
  payoutToday,
  requestWithdrawal,
} from './service';
import { t } from '../../lib/i18n';
import type { Storage } from '../../lib/storage';

const ApproveWithdrawalForm = formSpec(WithdrawalApproveBodySchema, { [WITHDRAWAL_APPROVE_PROOF_FIELD]: null }, { json: true });

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const withdrawOptions = filingRouteOptions(app, {
    tag: 'wallet',
    summary: 'Ask for a payout; the amount is held from the balance at once',
    description:
      'An amount above the available balance is 409 INSUFFICIENT_BALANCE. An amount outside the ' +
      'withdrawal limits of the site settings, or one that takes the day’s withdrawals (waiting ' +
      'and paid, in the display time zone) over the daily payout total, is 422 on `amount`.',
    schema: WithdrawalSchema,
  });
  app.post(
    WALLET_API.withdraw,
    { ...withdrawOptions, schema: { ...withdrawOptions.schema, body: WithdrawBodySchema } },
    async (request, reply) => {
      const limits = await cachedMoneyLimits(app.db);
      const { id, name, email, phone } = callerOf(request).user;
      const customer = { id, name, email, phone };
      const rules = { limits, timeZone: app.config.displayTimeZone };
      return app.moneyTransaction(request, reply, async (tx) => {
        const withdrawal = await requestWithdrawal(tx, customer, request.body, rules);
        return { message: t('api.queue.sent'), data: toWithdrawalJson(withdrawal) };
      });
    },
  );

  app.get(
    WALLET_API.withdrawToday,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: 'What the caller may still withdraw today',
        description:
          'The caller’s wallet withdrawals asked for today (waiting and paid; rejected and ' +
          'cancelled ones do not count; the calendar day of the display time zone) against the ' +
          'daily payout total of the site settings, and what is left, never below zero. ' +
          '`POST /withdraw` checks the same total when it holds the amount.',
        response: { 200: envelope(PayoutTodaySchema) },
      },
    },
    async (request) => ({
      message: null,
      data: await payoutToday(app.db, callerOf(request).user.id, {
        limits: await cachedMoneyLimits(app.db),
        timeZone: app.config.displayTimeZone,
      }),
    }),
  );

  customerItemRoutes(app, {
    tag: 'wallet',
    schema: WithdrawalSchema,
    toJson: (withdrawal) => toWithdrawalJson(withdrawal),
    get: { path: WALLET_API.withdrawal(':id'), summary: 'One of the caller’s withdrawals', getOwn: getOwnWithdrawal },
    cancel: {
      path: WALLET_API.withdrawalCancel(':id'),
      summary: 'Cancel one of the caller’s pending withdrawals; the held amount returns to the balance',
      run: cancelWithdrawal,
      message: () => t('api.withdrawals.cancelled'),
    },
  });

  queueReadRoutes(app, {
    listPath: WALLET_API.adminWithdrawals,
    itemPath: WALLET_API.adminWithdrawal(':id'),
    schema: WithdrawalSchema,
    listSummary: 'Withdrawals; pending=1 the queue (oldest first), pending=0 the handled ones (newest first)',
    listDescription:
      'Filters: customer (name, email or phone), amount_min/amount_max, reference (part of the ' +
      'payout reference), from/to (days in the display time zone); sort=oldest|newest. ' +
      '`payment_type_id` does not apply to withdrawals.',
    itemSummary: 'One withdrawal',
    list: listWithdrawals,
    get: getWithdrawal,
    toJson: (w) => toWithdrawalJson(w, 'admin'),
    csv: {
      path: DESK_API.withdrawalsCsv,
      summary: 'Withdrawals as CSV, filtered like the list',
      filename: 'withdrawals.csv',
      columns: withdrawalCsvColumns,
      chunk: withdrawalChunk,
    },
  });

  app.post(
    WALLET_API.adminWithdrawalApprove(':id'),
    decisionRouteOptions(app, {
      summary: 'Approve a withdrawal after paying it out',
      description:
        'multipart/form-data (or JSON without the image): optional `reference` and optional ' +
        'image `proof` of the payout. Handled once: a second approve or reject is 409.',
      form: ApproveWithdrawalForm,
      schema: WithdrawalSchema,
    }),
    async (request, reply) => {
      const { fields, files } = await readForm(request, ApproveWithdrawalForm);
      const decision = { status: 'approved' as const, reference: fields.reference ?? null, proof: files.proof };
      return app.moneyTransaction(
        request,
        reply,
        async (tx, _storage, image) => {
          const withdrawal = await handleWithdrawal(tx, actorOf(request), request.params.id, decision, image);
          return { message: t('api.withdrawals.approved'), data: toWithdrawalJson(withdrawal, 'admin') };
        },
        (storage: Storage) => prepareWithdrawalDecision(app.db, storage, request.params.id, decision),
      );
    },
  );

  batchRoute(app, DESK_API.withdrawalsBatch, {
    summary: 'Approve (paid out, no reference or screenshot) or reject several pending withdrawals',
    async decide(tx, actor, id, action, comment) {
      await handleWithdrawal(
        tx,
        actor,
        id,
        action === 'approve' ? { status: 'approved', reference: null, proof: undefined } : { status: 'rejected', comment },
      );
    },
  });

  rejectRoute(app, WALLET_API.adminWithdrawalReject(':id'), {
    summary: 'Reject a withdrawal: the held amount returns to the balance',
    schema: WithdrawalSchema,
    async reject(tx, actor, id, comment) {
      const withdrawal = await handleWithdrawal(tx, actor, id, { status: 'rejected', comment });
      return {
        message: t('api.withdrawals.rejected'),
        data: toWithdrawalJson(withdrawal, 'admin'),
      };
    },
  });
};
