import {
  envelope,
  IdempotencyHeadersSchema,
  IdParamSchema,
  paginated,
  type Paginated,
  DeskListQuerySchema,
  RejectBodySchema,
} from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { keysetRows, sendCsv } from '../../lib/csv-export';
import { optionalBody } from '../../lib/optional-body';
import type { FormSpec } from '../../lib/multipart';
import { moneyRoute } from '../../plugins/app/money-calls';
import { type Actor, actorOf } from '../audit';

type App = Parameters<FastifyPluginAsyncZod>[0];
type PageQuery = z.output<typeof DeskListQuerySchema> & { timeZone: string };

/** How one pending queue shows on the admin's side: its paths, its JSON, its words. */
export type QueueReadRoutes<View, Json> = {
  listPath: string;
  itemPath: string;
  /** The item's contract schema (its JSON); envelopes and pages are added here. */
  schema: z.ZodType<Json>;
  listSummary: string;
  listDescription?: string;
  itemSummary: string;
  list(db: Db, query: PageQuery): Promise<Paginated<View>>;
  get(db: Db, id: number): Promise<View>;
  toJson(view: View): Json;
};

/** The admin's list (pending=1 the queue, pending=0 the done list) and detail of a queue. */
export function queueReadRoutes<View, Json>(app: App, queue: QueueReadRoutes<View, Json>): void {
  app.get(
    queue.listPath,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: queue.listSummary,
        ...(queue.listDescription === undefined ? {} : { description: queue.listDescription }),
        querystring: DeskListQuerySchema,
        response: { 200: envelope(paginated(queue.schema)) },
      },
    },
    async (request) => {
      const page = await queue.list(app.db, { ...request.query, timeZone: app.config.displayTimeZone });
      return { message: null, data: { ...page, items: page.items.map((view) => queue.toJson(view)) } };
    },
  );

  app.get(
    queue.itemPath,
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: queue.itemSummary, params: IdParamSchema, response: { 200: envelope(queue.schema) } },
    },
    async (request) => ({ message: null, data: queue.toJson(await queue.get(app.db, request.params.id)) }),
  );
}

/**
 * The options of an admin's approve or reject call: admin only, a money call (Idempotency-Key,
 * exactly once: money-calls), the item's id in the path and the item in the answer. A body
 * schema is added by spreading: `{ ...options, schema: { ...options.schema, body } }`.
 */
export function decisionRouteOptions<Json>(
  app: App,
  route: { summary: string; description?: string; form?: FormSpec; schema: z.ZodType<Json> },
) {
  return {
    onRequest: app.requireAdmin,
    ...moneyRoute(app),
    schema: {
      tags: ['admin'],
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      ...(route.form === undefined ? {} : { form: route.form }),
      headers: IdempotencyHeadersSchema,
      params: IdParamSchema,
      response: { 200: envelope(route.schema) },
    },
  };
}

/**
 * `POST <path>`: the customer cancels their own pending item (issue 17, money rule 10). A money
 * call like the others (rate limit, Idempotency-Key); another user's item is 404, a handled one
 * 409 ALREADY_HANDLED. No body.
 */
export function cancelRoute<Json>(
  app: App,
  path: string,
  route: {
    tag: 'wallet' | 'ids';
    summary: string;
    schema: z.ZodType<Json>;
    cancel(db: Db, actor: Actor, id: number): Promise<{ message: string; data: Json }>;
  },
): void {
  app.post(
    path,
    {
      onRequest: app.requireUser,
      ...moneyRoute(app),
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description:
          'Only while it is pending: once staff have handled it (or it was cancelled) the answer is ' +
          '409 ALREADY_HANDLED and nothing moves. A hold returns to the balance in the same ' +
          'transaction, exactly once. Another user’s item: 404.',
        headers: IdempotencyHeadersSchema,
        params: IdParamSchema,
        response: { 200: envelope(route.schema) },
      },
    },
    async (request, reply) => app.idempotent(request, reply, (db) => route.cancel(db, actorOf(request), request.params.id)),
  );
}

/** Reject with an optional comment for the customer: the same call for every queue. */
export function rejectRoute<Json>(
  app: App,
  path: string,
  route: {
    summary: string;
    description?: string;
    schema: z.ZodType<Json>;
    reject(
      db: Db,
      actor: Actor,
      id: number,
      comment: string | null,
      log: FastifyBaseLogger,
    ): Promise<{ message: string; data: Json }>;
  },
): void {
  const options = decisionRouteOptions(app, route);
  app.post(
    path,
    { ...options, schema: { ...options.schema, body: optionalBody(RejectBodySchema) } },
    async (request, reply) =>
      app.idempotent(request, reply, (db) =>
        route.reject(db, actorOf(request), request.params.id, request.body.comment ?? null, request.log),
      ),
  );
}

/**
 * `GET <path>?<filters>`: the filtered list (every page) as a CSV download, streamed in
 * keyset chunks; amounts as exact decimals, times in the display time zone (issue 16).
 */
export function csvExportRoute<Row extends { id: number }>(
  app: App,
  path: string,
  route: {
    summary: string;
    filename: string;
    columns(timeZone: string): { header: string; cell: (row: Row) => string | number }[];
    chunk(db: Db, query: PageQuery, afterId: number | null, size: number): Promise<Row[]>;
  },
): void {
  app.get(
    path,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: route.summary,
        description:
          'The same filters, `pending` and `sort` as the list; `page`/`perPage` are ignored: every ' +
          'matching row is exported. Amounts are exact decimals; times are in the display time zone.',
        querystring: DeskListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const timeZone = app.config.displayTimeZone;
      const query = { ...request.query, timeZone };
      return sendCsv(reply, route.filename, route.columns(timeZone), keysetRows((after, size) => route.chunk(app.db, query, after, size)));
    },
  );
}
