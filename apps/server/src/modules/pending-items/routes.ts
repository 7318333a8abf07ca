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
import type { Db, Tx } from '../../db/types';
import { keysetRows, sendCsv } from '../../lib/csv-export';
import { optionalBody } from '../../lib/optional-body';
import type { FormSpec } from '../../lib/multipart';
import { callerOf } from '../../plugins/app/auth';
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
  /** The list as a CSV download, with the same filters (`csvExportRoute`). */
  csv: CsvExport<View & { id: number }>;
};

type CsvExport<Row> = {
  path: string;
  summary: string;
  filename: string;
  columns(timeZone: string): { header: string; cell: (row: Row) => string | number }[];
  chunk(db: Db, query: PageQuery, afterId: number | null, size: number): Promise<Row[]>;
};

/** A staff-only call's options: admin only, under the `admin` tag (the permission is the call's). */
export function staffRouteOptions(app: App, summary: string, description?: string) {
  return {
    onRequest: app.requireAdmin,
    schema: { tags: ['admin'], summary, ...(description === undefined ? {} : { description }) },
  };
}

/**
 * A customer's money call on their pending items (filing one, cancelling one): signed in, a
 * money call (per-account and per-IP limits, Idempotency-Key), the item in the answer. A path
 * id, a body or a form is added by spreading, as for `decisionRouteOptions`.
 */
export function filingRouteOptions<Json>(
  app: App,
  route: { tag: 'wallet' | 'ids'; summary: string; description: string; schema: z.ZodType<Json> },
) {
  return {
    onRequest: app.requireUser,
    ...moneyRoute(app),
    schema: {
      tags: [route.tag],
      summary: route.summary,
      description: route.description,
      headers: IdempotencyHeadersSchema,
      response: { 200: envelope(route.schema) },
    },
  };
}

/**
 * The admin's list (pending=1 the queue, pending=0 the done list), its CSV export and the
 * detail of a queue.
 */
export function queueReadRoutes<View extends { id: number }, Json>(app: App, queue: QueueReadRoutes<View, Json>): void {
  const list = staffRouteOptions(app, queue.listSummary, queue.listDescription);
  app.get(
    queue.listPath,
    {
      ...list,
      schema: { ...list.schema, querystring: DeskListQuerySchema, response: { 200: envelope(paginated(queue.schema)) } },
    },
    async (request) => {
      const page = await queue.list(app.db, { ...request.query, timeZone: app.config.displayTimeZone });
      return { message: null, data: { ...page, items: page.items.map((view) => queue.toJson(view)) } };
    },
  );

  csvExportRoute(app, queue.csv.path, queue.csv);

  const item = staffRouteOptions(app, queue.itemSummary);
  app.get(
    queue.itemPath,
    { ...item, schema: { ...item.schema, params: IdParamSchema, response: { 200: envelope(queue.schema) } } },
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
  const staff = staffRouteOptions(app, route.summary, route.description);
  return {
    ...staff,
    ...moneyRoute(app),
    schema: {
      ...staff.schema,
      ...(route.form === undefined ? {} : { form: route.form }),
      headers: IdempotencyHeadersSchema,
      params: IdParamSchema,
      response: { 200: envelope(route.schema) },
    },
  };
}

/**
 * The customer's side of a queue: `GET get.path`, one of their own items (another user's is
 * 404, never 403), and `POST cancel.path`, cancelling their own pending item (issue 17, money
 * rule 10): a money call like the others (rate limit, Idempotency-Key); a handled one is 409
 * ALREADY_HANDLED. No body.
 */
export function customerItemRoutes<View, Json>(
  app: App,
  routes: {
    tag: 'wallet' | 'ids';
    schema: z.ZodType<Json>;
    toJson: (view: View) => Json;
    get?: { path: string; summary: string; getOwn(db: Db, userId: number, id: number): Promise<View> };
    cancel: {
      path: string;
      summary: string;
      run(tx: Tx, actor: Actor, id: number): Promise<View>;
      /** The customer's message; it may say whether money returned to their balance. */
      message(view: View): string;
    };
  },
): void {
  const { tag, schema, toJson, get, cancel } = routes;
  if (get) {
    app.get(
      get.path,
      {
        onRequest: app.requireUser,
        schema: { tags: [tag], summary: get.summary, params: IdParamSchema, response: { 200: envelope(schema) } },
      },
      async (request) => ({
        message: null,
        data: toJson(await get.getOwn(app.db, callerOf(request).user.id, request.params.id)),
      }),
    );
  }
  const options = filingRouteOptions(app, {
    tag,
    schema,
    summary: cancel.summary,
    description:
      'Only while it is pending: once staff have handled it (or it was cancelled) the answer is ' +
      '409 ALREADY_HANDLED and nothing moves. A hold returns to the balance in the same ' +
      'transaction, exactly once. Another user’s item: 404.',
  });
  app.post(cancel.path, { ...options, schema: { ...options.schema, params: IdParamSchema } }, async (request, reply) =>
    app.moneyTransaction(request, reply, async (tx) => {
      const view = await cancel.run(tx, actorOf(request), request.params.id);
      return { message: cancel.message(view), data: toJson(view) };
    }),
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
      tx: Tx,
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
      app.moneyTransaction(request, reply, (tx) =>
        route.reject(tx, actorOf(request), request.params.id, request.body.comment ?? null, request.log),
      ),
  );
}

/**
 * `GET <path>?<filters>`: the filtered list (every page) as a CSV download, streamed in
 * keyset chunks; amounts as exact decimals, times in the display time zone (issue 16).
 */
function csvExportRoute<Row extends { id: number }>(app: App, path: string, route: CsvExport<Row>): void {
  const options = staffRouteOptions(
    app,
    route.summary,
    'The same filters, `pending` and `sort` as the list; `page`/`perPage` are ignored: every ' +
      'matching row is exported. Amounts are exact decimals; times are in the display time zone.',
  );
  app.get(
    path,
    { ...options, schema: { ...options.schema, querystring: DeskListQuerySchema, produces: ['text/csv'] } },
    async (request, reply) => {
      const timeZone = app.config.displayTimeZone;
      const query = { ...request.query, timeZone };
      return sendCsv(reply, route.filename, route.columns(timeZone), keysetRows((after, size) => route.chunk(app.db, query, after, size)));
    },
  );
}
