import {
  envelope,
  NOTIFICATIONS_API,
  NotificationListSchema,
  NotificationPageSchema,
  NotificationsSeenBodySchema,
  NotificationsSeenResultSchema,
  NotificationsTopBodySchema,
  PageQuerySchema,
} from '@iddesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthenticatedError } from '../../errors/app-errors';
import { localeOfHeaders } from '../../lib/i18n';
import { bearerToken, callerOf } from '../../plugins/app/auth';
import { rejectionFor } from '../auth';
import { toNotificationJson } from './serialize';
import { listOwn, markSeen, topForBearer } from './service';

const tags = ['notifications'];

/** A well-formed bearer token or 401, before the body is read; the token is checked later. */
async function requireBearerHeader(request: FastifyRequest) {
  if (!bearerToken(request)) throw new UnauthenticatedError();
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  let nothingNew: Buffer | undefined;
  app.get(
    NOTIFICATIONS_API.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: PageQuerySchema,
        response: { 200: envelope(NotificationPageSchema) },
      },
    },
    async (request) => ({
      message: null,
      data: await listOwn(
        app.db,
        callerOf(request).user.id,
        request.query,
        app.config.displayTimeZone,
        localeOfHeaders(request.headers),
      ),
    }),
  );

  app.post(
    NOTIFICATIONS_API.top,
    {
      // The 5-second poll, like /user/passport: no info lines per call, warnings and errors only.
      logLevel: 'warn',
      // Reads only: its answer does not wait for the change feed (plugins/app/db.ts).
      config: { readsOnly: true },
      // Not requireUser: the token check is folded into the select below, so every signed-in
      // browser's 5-second poll costs one database round trip.
      onRequest: requireBearerHeader,
      schema: {
        tags,
        summary: "The caller's notifications newer than `id`, newest first",
        description: 'The 5-second poll. At most 50; send the highest id seen, or 0.',
        body: NotificationsTopBodySchema,
        response: { 200: envelope(NotificationListSchema) },
      },
    },
    async (request, reply) => {
      const rows = await topForBearer(app.db, bearerToken(request)!, request.body.id, app.config.session.idleDays);
      if (!rows) throw await rejectionFor(app.db, bearerToken(request));
      if (rows.length > 0) {
        const locale = localeOfHeaders(request.headers);
        return { message: null, data: rows.map((n) => toNotificationJson(n, app.config.displayTimeZone, locale)) };
      }
      // Nothing new, almost every call: the same bytes each time, serialized once.
      nothingNew ??= Buffer.from(reply.serialize({ message: null, data: [] }) as string);
      // Bytes the route's own serializer made: the type provider only knows the object form.
      return reply.type('application/json; charset=utf-8').send(nothingNew as never);
    },
  );

  app.post(
    NOTIFICATIONS_API.seen,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Mark the caller's notifications up to `id` as read",
        body: NotificationsSeenBodySchema,
        response: { 200: envelope(NotificationsSeenResultSchema) },
      },
    },
    async (request) => ({
      message: null,
      data: await markSeen(app.db, callerOf(request).user.id, request.body.id),
    }),
  );
};
