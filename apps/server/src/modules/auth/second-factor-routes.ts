import {
  EmptyEnvelopeSchema,
  envelope,
  RecoveryCodesSchema,
  SecondFactorCodeBodySchema,
  SecondFactorSetupSchema,
  STAFF_API,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit } from '../../plugins/app/auth-rate-limit';
import { callerOf } from '../../plugins/app/auth';
import { codeAttempts } from './code-attempts';
import { endSessions } from './repository';
import { confirmEnrolment, disableOwn, startEnrolment } from './second-factor';
import { t } from '../../lib/i18n';

const tags = ['user'];

/** The signed-in account's own second factor: set it up, confirm it, turn it off. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const endSessionsExcept = (db: Parameters<typeof endSessions>[0], userId: number, keep: number) => endSessions(db, userId, { except: keep });
  const attempts = codeAttempts(app);
  const countAttempt = async (request: Parameters<typeof callerOf>[0]) => {
    await attempts.enforce(String(callerOf(request).user.id));
  };

  app.post(
    STAFF_API.secondFactorSetup,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Start enrolling a second factor (TOTP): a new secret and its otpauth:// address',
        description:
          'Nothing changes until a code from the app confirms it. 409 when it is already on.',
        errors: [409],
        response: { 200: envelope(SecondFactorSetupSchema) },
      },
    },
    async (request) => ({
      message: null,
      data: await startEnrolment(app.db, app.keyring, callerOf(request).user),
    }),
  );

  app.post(
    STAFF_API.secondFactorEnable,
    {
      onRequest: app.requireUser,
      config: authRateLimit(app),
      preHandler: countAttempt,
      schema: {
        tags,
        summary:
          'Confirm the enrolment with a code from the app: the ten recovery codes, shown once',
        errors: [409],
        body: SecondFactorCodeBodySchema,
        response: { 200: envelope(RecoveryCodesSchema) },
      },
    },
    async (request) => ({
      message: t('api.secondFactor.on'),
      data: await confirmEnrolment(
        app.db,
        app.keyring,
        callerOf(request).user,
        request.body.code,
        now(),
        (tx, userId) => endSessionsExcept(tx, userId, callerOf(request).sessionId),
      ),
    }),
  );

  app.post(
    STAFF_API.secondFactorDisable,
    {
      onRequest: app.requireUser,
      config: authRateLimit(app),
      preHandler: countAttempt,
      schema: {
        tags,
        summary: 'Turn the second factor off with a current code or a recovery code',
        description:
          'Staff accounts cannot while STAFF_SECOND_FACTOR is `required` (409): an owner resets it.',
        errors: [409],
        body: SecondFactorCodeBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await disableOwn(
        app.db,
        app.keyring,
        caller.user,
        request.body.code,
        now(),
        app.config.staffSecondFactor,
        (tx, userId) => endSessionsExcept(tx, userId, caller.sessionId),
      );
      return { message: t('api.secondFactor.off'), data: null };
    },
  );
};
