import { roleCan, type StaffPermission } from '@iddesk/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import { ForbiddenError, SecondFactorRequiredError, UnauthenticatedError } from '../../errors/app-errors';
import { authenticate, rejectionFor } from '../../modules/auth';
import type { AuthContext, SessionSettings } from '../../modules/auth';
import { ADMIN_CALL_PERMISSIONS, documentPath } from './staff-permissions';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: a valid bearer token of an unblocked user, else 401. */
    requireUser: Guard;
    /**
     * onRequest guard: requireUser, then a staff account whose role has the call's permission
     * (staff-permissions.ts), else 403; with STAFF_SECOND_FACTOR=required, one without a
     * second factor gets 403 SECOND_FACTOR_REQUIRED instead.
     */
    requireAdmin: Guard;
    /** onRequest hook: resolves the caller when a valid token is sent; never rejects. */
    optionalUser: Guard;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Set at registration for every route behind requireAdmin (staff-permissions.ts). */
    staffPermission?: StaffPermission;
    /**
     * The route never reads the caller's balance (a money call: the database checks it), so a
     * caller whose balance changed since this process kept them is still answered from memory
     * (caches/session-cache.ts). Reading `balance` there throws.
     */
    callerBalanceUnread?: true;
  }
}

function hooksOf(hooks: RouteOptions['onRequest']): unknown[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
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
export default fp<{ session: SessionSettings; staffSecondFactor: 'required' | 'optional' }>(
  async (app, { session, staffSecondFactor }) => {
    app.decorateRequest('auth', null);

    const resolve = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const balance = request.routeOptions.config.callerBalanceUnread ? 'unread' : 'read';
      request.auth = token ? await authenticate(app.db, token, session, balance) : null;
      // From here on every line of this request (errors, "request completed") names the
      // caller. The request's logger is already its own child (reqId): no new logger.
      if (request.auth) (request.log as Logger).setBindings({ userId: request.auth.user.id });
    };

    // No caller: 401, saying so when a block ended the token's session (issue 17).
    const rejectGuest = async (request: FastifyRequest) => {
      if (!request.auth) throw await rejectionFor(app.db, bearerToken(request));
    };

    app.decorate('optionalUser', resolve);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      await resolve(request);
      await rejectGuest(request);
    });
    const requireAdmin = async (request: FastifyRequest) => {
      await resolve(request);
      await rejectGuest(request);
      if (!request.auth) throw new UnauthenticatedError();
      const { user } = request.auth;
      if (user.type !== 'admin') throw new ForbiddenError();
      if (staffSecondFactor === 'required' && !user.secondFactor) throw new SecondFactorRequiredError();
      const permission = request.routeOptions.config.staffPermission;
      // Fails closed: a route without a permission (never registered so) is nobody's.
      if (!permission || !roleCan(user.role, permission)) throw new ForbiddenError();
    };
    app.decorate('requireAdmin', requireAdmin);

    // Every admin route names its permission in staff-permissions.ts, or the app does not start.
    app.addHook('onRoute', (route) => {
      if (!hooksOf(route.onRequest).includes(requireAdmin)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const permissions = new Set(
        // The HEAD route Fastify adds beside a GET needs what the GET needs.
        methods.map((m) => ADMIN_CALL_PERMISSIONS[`${m === 'HEAD' ? 'GET' : m} ${documentPath(route.url)}`]),
      );
      const [permission] = permissions;
      if (!permission || permissions.size !== 1) {
        throw new Error(`${methods.join(',')} ${route.url}: no staff permission in plugins/app/staff-permissions.ts`);
      }
      route.config = { ...route.config, staffPermission: permission };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
