import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { ForbiddenError, UnauthenticatedError } from '../../errors/app-errors';
import { authenticate } from '../../modules/auth';
import type { AuthContext, SessionSettings } from '../../modules/auth';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: a valid bearer token of an unblocked user, else 401. */
    requireUser: Guard;
    /** onRequest guard: requireUser, then an admin, else 403. */
    requireAdmin: Guard;
    /** onRequest hook: resolves the caller when a valid token is sent; never rejects. */
    optionalUser: Guard;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,128})\s*$/i;

/** The bearer token of the request, if it has a well-formed one. No database work. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** The caller of a route guarded by requireUser/requireAdmin. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

/**
 * Guards run on onRequest, before the body is read, so a guest gets 401 rather than a
 * validation error, and an unauthenticated upload is refused before it is received.
 */
export default fp<{ session: SessionSettings }>(
  async (app, { session }) => {
    app.decorateRequest('auth', null);

    const resolve = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      request.auth = token ? await authenticate(app.db, token, session) : null;
      // From here on every line of this request (errors, "request completed") names the
      // caller. The request's logger is already its own child (reqId): no new logger.
      if (request.auth) (request.log as Logger).setBindings({ userId: request.auth.user.id });
    };

    app.decorate('optionalUser', resolve);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      await resolve(request);
      if (!request.auth) throw new UnauthenticatedError();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await resolve(request);
      if (!request.auth) throw new UnauthenticatedError();
      if (request.auth.user.type !== 'admin') throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
