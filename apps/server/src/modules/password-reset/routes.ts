import {
  EmptyEnvelopeSchema,
  envelope,
  ForgotPasswordBodySchema,
  PASSWORD_RESET_API,
  ResetCheckBodySchema,
  ResetCheckResultSchema,
  ResetPasswordBodySchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit } from '../../plugins/app/auth-rate-limit';
import { checkReset, completeReset, requestReset, type ResetDeps } from './service';
import { t } from '../../lib/i18n';

const tags = ['auth'];
const HOUR_MS = 60 * 60_000;

export type PasswordResetRouteOptions = { now: () => Date };

/** Forgot password → mail with a link → check the link → set a new password. Guests only need. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRouteOptions> = async (
  app,
  { now },
) => {
  const deps: ResetDeps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    now,
    emailLimit: app.rateCounters.window('reset-email', {
      max: app.config.rateLimit.resetEmailMax,
      windowMs: HOUR_MS,
    }),
  };

  app.post(
    PASSWORD_RESET_API.create,
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Email a password reset link',
        description:
          'The same answer whether or not the email has an account. Limited per IP and per ' +
          'email address (429).',
        body: ForgotPasswordBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await requestReset(deps, request.body.email);
      return { message: t('api.reset.sent'), data: null };
    },
  );

  app.post(
    PASSWORD_RESET_API.check,
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Is this reset token still good?',
        description: '422 on `token` when it is unknown, used, expired or replaced by a newer one.',
        body: ResetCheckBodySchema,
        response: { 200: envelope(ResetCheckResultSchema) },
      },
    },
    async (request) => {
      await checkReset(deps, request.body.token);
      return { message: null, data: { valid: true as const } };
    },
  );

  app.post(
    PASSWORD_RESET_API.set,
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Set a new password with a reset token; signs out every session',
        body: ResetPasswordBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await completeReset(deps, request.body);
      return { message: t('api.reset.done'), data: null };
    },
  );
};
