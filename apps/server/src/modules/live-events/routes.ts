import { NOTIFICATIONS_API, roleCan } from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeFeedOf } from '../../db/change-feed';
import { BadRequestError } from '../../errors/app-errors';
import { bearerToken, callerOf } from '../../plugins/app/auth';
import { authenticate, type AuthContext } from '../auth';
import { LiveEvents, type StreamCaller } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's live event streams (decision 042). */
    liveEvents: LiveEvents;
  }
}

const LAST_EVENT_ID = /^[0-9a-f]{8}\.[0-9]{1,15}$/;

/**
 * GET /api/events: the caller's live event stream (decision 042), with the bearer token of
 * every call. Fastify's documented raw reply: the route takes the response over (`hijack`),
 * writes the headers and then each event as the change feed tells it, and ends it when the
 * session ends, the account is blocked, or the server closes.
 */
export const liveEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new LiveEvents(changeFeedOf(app.db));
  app.decorate('liveEvents', hub);
  // Before the listener closes: an open stream would hold the close up until its client left.
  app.addHook('preClose', async () => hub.close());

  const staffSecondFactor = app.config.staffSecondFactor;
  /** Whether the caller's role may read the staff queues (plugins/app/staff-permissions.ts: `queues.read`). */
  const callerOfStream = ({ user }: AuthContext): StreamCaller => ({
    userId: user.id,
    staff:
      user.type === 'admin' &&
      roleCan(user.role, 'queues.read') &&
      (staffSecondFactor !== 'required' || user.secondFactor),
  });

  app.get(
    NOTIFICATIONS_API.events,
    {
      onRequest: app.requireUser,
      // One line per stream would be one per tab and reconnect: warnings and errors only.
      logLevel: 'warn',
      schema: {
        tags: ['notifications'],
        summary: "The caller's live events (server-sent events)",
        description:
          'A `text/event-stream` for as long as the session lasts: `notification` and `balance` for ' +
          'the caller, `queue` ({ queue, id, change }) for staff whose role reads the queues, ' +
          '`ready` with the stream position, `resync` when events were lost (read everything ' +
          'again). Send the last id seen as `Last-Event-ID` to resume. A request that does not ' +
          'accept `text/event-stream` gets 400.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) throw new BadRequestError();
      const caller = callerOf(request);
      const token = bearerToken(request)!;
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && LAST_EVENT_ID.test(header) ? header : undefined;
      // A malformed id cannot be resumed from: it is treated as one too old (resync).
      const resume = header === undefined ? undefined : (lastEventId ?? 'unknown');
      const recheck = async () => {
        const now = await authenticate(app.db, token, app.config.session);
        return now && !now.user.isBlocked ? callerOfStream(now) : null;
      };
      reply.hijack();
      hub.open(reply.raw, callerOfStream(caller), recheck, resume);
    },
  );
};
