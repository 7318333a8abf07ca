import {
  API,
  AuthResultSchema,
  EmptyEnvelopeSchema,
  EndSessionsResultSchema,
  envelope,
  IdParamSchema,
  SESSIONS_API,
  SessionSchema,
  LoginBodySchema,
  LoginResultSchema,
  LoginSecondFactorBodySchema,
  RegisterBodySchema,
  STAFF_API,
} from '@iddesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit, perAccountLimit } from '../../plugins/app/auth-rate-limit';
import { callerOf } from '../../plugins/app/auth';
import type { CodeAttempts } from './code-attempts';
import { newApiToken } from '../../lib/tokens';
import { deviceCookie, deviceOf } from './device';
import { secondFactorRoutes } from './second-factor-routes';
import type { SignInOrigin } from './repository';
import { z } from 'zod';
import {
  endMyOtherSessions,
  endMySession,
  listMySessions,
  login,
  type LoginDeps,
  loginWithSecondFactor,
  logout,
  register,
} from './service';
import { localeOfHeaders, t } from '../../lib/i18n';

const tags = ['auth'];

/** The request's origin: its IP, User-Agent and device token (the cookie's, or a new one). */
function originOf(request: FastifyRequest): SignInOrigin & { device: string } {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    device: deviceOf(request.headers.cookie) ?? newApiToken(),
  };
}

export type AuthRouteOptions = {
  now: () => Date;
  /** Where every second-factor code is counted; shared with the second-factor routes. */
  codeAttempts: CodeAttempts;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { now, codeAttempts }) => {
  const loginDeps: LoginDeps = {
    db: app.db,
    keyring: app.keyring,
    session: app.config.session,
    accountLimit: app.rateCounters.window('account:login', {
      max: app.config.rateLimit.authAccountMax,
      windowMs: app.config.rateLimit.authWindowMs,
    }),
    codeAttempts,
  };
  /** A sign-in that gave a session leaves (or renews) the device cookie: this is now a known device. */
  const secure = app.config.appUrl.startsWith('https:');
  const keepDevice = (reply: FastifyReply, origin: { device: string }) =>
    void reply.header('set-cookie', deviceCookie(origin.device, { days: app.config.session.idleDays, secure }));
  app.post(
    API.register,
    {
      config: authRateLimit(app),
      preHandler: perAccountLimit(app, 'register', (request) => (request.body as { email: string }).email.toLowerCase()),
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: RegisterBodySchema,
        response: { 200: envelope(AuthResultSchema) },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const data = await register(app.db, request.body, app.config.session, origin, localeOfHeaders(request.headers));
      keepDevice(reply, origin);
      return { message: t('api.auth.registered'), data };
    },
  );

  app.post(
    API.login,
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Sign in with email or phone',
        description:
          'An account with a second factor gets no token here: `second_factor_required` and a ' +
          'challenge valid for five minutes, to send to /api/auth/second_factor with a code.',
        body: LoginBodySchema,
        response: { 200: envelope(LoginResultSchema) },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const data = await login(loginDeps, request.body, origin, now());
      if ('api_token' in data) keepDevice(reply, origin);
      return {
        message: 'api_token' in data ? t('api.auth.signedIn') : t('api.auth.enterCode'),
        data,
      };
    },
  );

  app.post(
    STAFF_API.loginSecondFactor,
    {
      // No fixed per-IP window here: codes back off per device, or per account and per IP
      // (second-factor CodeAttempts), so others sharing an IP cannot keep a known device out.
      schema: {
        tags,
        summary: 'Sign in, step two: the challenge from /api/auth/login and a code from the app (or a recovery code)',
        description:
          'The challenge works once and ends with the account’s sessions (a password change, a ' +
          'block). Wrong codes wait longer and longer (429 with Retry-After): per device the ' +
          'account signed in on, else per account and per IP.',
        errors: [429],
        body: LoginSecondFactorBodySchema,
        response: { 200: envelope(AuthResultSchema) },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const data = await loginWithSecondFactor(loginDeps, request.body, origin, now());
      keepDevice(reply, origin);
      return { message: t('api.auth.signedIn'), data };
    },
  );

  app.post(
    API.logout,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Revoke the current token',
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await logout(app.db, callerOf(request));
      return { message: t('api.auth.signedOut'), data: null };
    },
  );

  app.get(
    SESSIONS_API.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s live sessions, most recently used first',
        description: 'Device (from the User-Agent at sign-in), IP, signed in, last used; `current` marks this one.',
        response: { 200: envelope(z.array(SessionSchema)) },
      },
    },
    async (request) => ({
      message: null,
      data: await listMySessions(app.db, callerOf(request), app.config.session),
    }),
  );

  app.post(
    SESSIONS_API.end(':id'),
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'End one of the caller’s sessions',
        description: 'That device is signed out at its next call. Another user’s session or an unknown id: 404.',
        params: IdParamSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await endMySession(app.db, callerOf(request), request.params.id);
      return { message: t('api.auth.sessionEnded'), data: null };
    },
  );

  app.post(
    SESSIONS_API.endOthers,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'End every session of the caller but this one',
        response: { 200: envelope(EndSessionsResultSchema) },
      },
    },
    async (request) => ({
      message: t('api.auth.otherSessionsEnded'),
      data: { ended: await endMyOtherSessions(app.db, callerOf(request)) },
    }),
  );

  // The signed-in account's own second factor (set up, confirm, turn off).
  await app.register(secondFactorRoutes, { now, codeAttempts });
};
