import { type BatchResult, BatchBodySchema, BatchResultSchema, envelope } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/types';
import { AppError } from '../../errors/app-errors';
import { type Actor, actorOf } from '../audit';
import { staffRouteOptions } from './routes';
import { t } from '../../lib/i18n';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Action = BatchResult['action'];

/**
 * Issue 16: approve or reject several items, one after the other, each in its own transaction
 * through the same call a single decision uses — so each is still handled exactly once
 * (money rule 6) and passes the same proof guard (money rule 11, issue 51). An item that fails
 * (handled meanwhile by someone else: 409; gone: 404; a flagged payment without a reason: 409
 * REUSED_PROOF or PROOF_FLAGGED, left out) is reported and the others go on.
 */
export async function runBatch(
  action: Action,
  ids: number[],
  handle: (id: number) => Promise<void>,
): Promise<BatchResult> {
  const items: BatchResult['items'] = [];
  for (const id of ids) {
    try {
      await handle(id);
      items.push({ id, status: 200, code: null, message: t(action === 'approve' ? 'api.queue.approved' : 'api.queue.rejected') });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      items.push({ id, status: error.statusCode, code: error.code, message: error.message });
    }
  }
  const handled = items.filter((i) => i.status === 200).length;
  return { action, handled, failed: items.length - handled, items };
}

/** `POST <path>` `{ ids, action, comment? }`: a staff batch over one queue. */
export function batchRoute(
  app: App,
  path: string,
  route: {
    summary: string;
    /** `reason`: staff's reason for approving this flagged item anyway (`reasons`), else null. */
    decide(tx: Tx, actor: Actor, id: number, action: Action, comment: string | null, reason: string | null): Promise<void>;
  },
): void {
  const options = staffRouteOptions(
    app,
    route.summary,
    'Each item is handled in its own transaction, exactly once, as the single call would: ' +
      'the answer lists per item `status` 200 or the error the single call gives (409 ' +
      'ALREADY_HANDLED when someone else handled it first). A flagged payment by proof (a bill ' +
      'whose reference is approved or used on another payment, or whose screenshot looks like ' +
      'another’s) is approved only with its reason in `reasons` (`{ id, reason }`); without one ' +
      'it is left out, answering 409 REUSED_PROOF (reference approved elsewhere) or ' +
      'PROOF_FLAGGED. A retry is safe: handled items answer 409.',
  );
  app.post(
    path,
    { ...options, schema: { ...options.schema, body: BatchBodySchema, response: { 200: envelope(BatchResultSchema) } } },
    async (request) => {
      const actor = actorOf(request);
      const { ids, action, comment, reasons } = request.body;
      const reasonOf = new Map(action === 'approve' ? (reasons ?? []).map((r) => [r.id, r.reason] as const) : []);
      const result = await runBatch(action, ids, (id) =>
        app.db.transaction((tx) => route.decide(tx, actor, id, action, comment ?? null, reasonOf.get(id) ?? null)),
      );
      const key = action === 'approve' ? 'api.queue.batchApproved' : 'api.queue.batchRejected';
      return { message: t(key, { handled: result.handled, total: ids.length }), data: result };
    },
  );
}
