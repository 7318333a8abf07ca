import {
  API,
  EmptyEnvelopeSchema,
  envelope,
  ExistsResultSchema,
  PassportSchema,
  UpdateLocaleBodySchema,
  UpdatePasswordBodySchema,
  UpdateUserBodySchema,
  UserSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit, perAccountLimit } from '../../plugins/app/auth-rate-limit';
import { bearerToken, callerOf } from '../../plugins/app/auth';
import { rejectionFor } from '../auth';
import { toUserJson } from './serialize';
import { changePassword, updateLocale, updateProfile } from './service';
import { t, translateIn } from '../../lib/i18n';

const tags = ['user'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.exists,
    {
      onRequest: app.optionalUser,
      schema: {
        tags,
        summary: 'Does the token still belong to a live, unblocked account?',
        description:
          'Never 401: `status` is false for a missing, expired or revoked token and for a ' +
          'blocked or deleted account, so the client can sign out quietly; `blocked` is true ' +
          'when a block ended the token\'s session, so it can say why.',
        response: { 200: envelope(ExistsResultSchema) },
      },
    },
    async (request) => {
      if (request.auth) return { message: null, data: { status: true } };
      const rejection = await rejectionFor(app.db, bearerToken(request));
      return { message: null, data: rejection.code === 'ACCOUNT_BLOCKED' ? { status: false, blocked: true } : { status: false } };
    },
  );

  /**
   * The passport's bytes per cached user (issue 19): the session cache hands out the same user
   * object until something about the user changes (then a new one), so a poll with nothing new
   * sends the body the route's serializer built the first time, without building, validating
   * and stringifying it again. A user read from the database is a new object: a miss.
   */
  const passports = new WeakMap<object, Buffer>();
  app.post(
    API.passport,
    {
      // Every signed-in browser calls this every 5 seconds: two info lines per call would be
      // most of the log and a fair share of the CPU. Warnings and errors still show.
      logLevel: 'warn',
      // A few hundred bytes, under the compression threshold: no per-call look at it.
      compress: false,
      // Reads only: its answer does not wait for the change feed (plugins/app/db.ts).
      config: { readsOnly: true },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: envelope(PassportSchema) },
      },
    },
    // The token check already loaded the user (from memory when nothing changed).
    async (request, reply) => {
      const { user } = callerOf(request);
      let body = passports.get(user);
      if (body === undefined) {
        body = Buffer.from(
          reply.serialize({
            message: null,
            data: {
              ...toUserJson(user),
              second_factor_enrolment_required:
                user.type === 'admin' && !user.secondFactor && app.config.staffSecondFactor === 'required',
            },
          }) as string,
        );
        passports.set(user, body);
      }
      // Bytes the route's own serializer made: the type provider only knows the object form.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    API.updateUser,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update name, email and phone',
        body: UpdateUserBodySchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (request) => {
      const user = await updateProfile(app.db, callerOf(request).user.id, request.body);
      return { message: t('api.users.profileUpdated'), data: toUserJson(user) };
    },
  );

  app.post(
    API.updateLocale,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Set the account's language",
        description:
          'The language of the site on every browser the user signs in on, and of the ' +
          'notifications and mail written for them from now on (issue 18).',
        body: UpdateLocaleBodySchema,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (request) => {
      const user = await updateLocale(app.db, callerOf(request).user.id, request.body.locale);
      // Said in the language just chosen, not the one the call was made in.
      return { message: translateIn(user.locale, 'api.users.localeChanged'), data: toUserJson(user) };
    },
  );

  app.post(
    API.updatePassword,
    {
      onRequest: app.requireUser,
      config: authRateLimit(app),
      preHandler: perAccountLimit(app, 'password-change', (request) => String(callerOf(request).user.id)),
      schema: {
        tags,
        summary: 'Change password; signs out every other session',
        body: UpdatePasswordBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await changePassword(app.db, callerOf(request), request.body);
      return { message: t('api.users.passwordChanged'), data: null };
    },
  );
};
