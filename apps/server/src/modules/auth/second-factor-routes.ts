import {
  EmptyEnvelopeSchema,
  envelope,
  RecoveryCodesSchema,
  SecondFactorCodeBodySchema,
  SecondFactorSetupSchema,
  STAFF_API,
} from '@iddesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/app/auth';
import { ValidationError } from '../../errors/app-errors';
import type { CodeAttempts } from './code-attempts';
import { endSessions } from './repository';
import { confirmEnrolment, disableOwn, startEnrolment } from './second-factor';
import { t } from '../../lib/i18n';

const tags = ['user'];

/** The signed-in account's own second factor: set it up, confirm it, turn it off. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{
  now: () => Date;
  /** Where every second-factor code is counted; shared with the sign-in step. */
  codeAttempts: CodeAttempts;
}> = async (app, { now, codeAttempts }) => {
  const endSessionsExcept = (db: Parameters<typeof endSessions>[0], userId: number, keep: number) => endSessions(db, userId, { except: keep });
  /** A code from a signed-in session: counted on the session (429 while it waits); 422 when wrong. */
  const withCode = async <T>(request: FastifyRequest, check: () => Promise<T | null | false>): Promise<T> => {
    const { user, sessionId } = callerOf(request);
    const result = await codeAttempts.run({ userId: user.id, ip: request.ip, sessionId }, async () => (await check()) || null);
    if (result === null) throw ValidationError.field('code', t('api.auth.wrongCode'));
    return result;
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
      schema: {
        tags,
        summary:
          'Confirm the enrolment with a code from the app: the ten recovery codes, shown once',
        description: 'Wrong codes wait longer and longer (429 with Retry-After), counted per session.',
        errors: [409, 429],
        body: SecondFactorCodeBodySchema,
        response: { 200: envelope(RecoveryCodesSchema) },
      },
    },
    async (request) => ({
      message: t('api.secondFactor.on'),
      data: await withCode(request, () =>
        confirmEnrolment(
          app.db,
          app.keyring,
          callerOf(request).user,
          request.body.code,
          now(),
          (tx, userId) => endSessionsExcept(tx, userId, callerOf(request).sessionId),
        ),
      ),
    }),
  );

  app.post(
    STAFF_API.secondFactorDisable,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Turn the second factor off with a current code or a recovery code',
        description:
          'Staff accounts cannot while STAFF_SECOND_FACTOR is `required` (409): an owner resets it. ' +
          'Wrong codes wait longer and longer (429 with Retry-After), counted per session.',
        errors: [409, 429],
        body: SecondFactorCodeBodySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await withCode(request, () =>
        disableOwn(
          app.db,
          app.keyring,
          caller.user,
          request.body.code,
          now(),
          app.config.staffSecondFactor,
          (tx, userId) => endSessionsExcept(tx, userId, caller.sessionId),
        ),
      );
      return { message: t('api.secondFactor.off'), data: null };
    },
  );
};
