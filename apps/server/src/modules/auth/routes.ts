import {
  API,
  AuthResultSchema,
  EmptyEnvelopeSchema,
  envelope,
  LoginBodySchema,
  LoginResultSchema,
  LoginSecondFactorBodySchema,
  RegisterBodySchema,
  STAFF_API,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit, perAccountLimit } from '../../plugins/app/auth-rate-limit';
import { callerOf } from '../../plugins/app/auth';
import { codeAttempts, openChallenge } from '../second-factor';
import { login, loginLookup, loginWithSecondFactor, logout, register } from './service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const codeAttemptCounter = codeAttempts(app);

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
    async (request) => ({
      message: 'Welcome! Your account has been created.',
      data: await register(app.db, request.body, app.config.session),
    }),
  );

  app.post(
    API.login,
    {
      config: authRateLimit(app),
      preHandler: perAccountLimit(app, 'login', (request) =>
        JSON.stringify(loginLookup((request.body as { login: string }).login)),
      ),
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
    async (request) => {
      const data = await login(app.db, app.keyring, request.body, app.config.session, now());
      return {
        message: 'api_token' in data ? 'You are signed in.' : 'Enter the code from your authenticator app.',
        data,
      };
    },
  );

  app.post(
    STAFF_API.loginSecondFactor,
    {
      config: authRateLimit(app),
      // Counted per account like passwords; a challenge that does not open counts per IP only.
      preHandler: async (request) => {
        const userId = openChallenge(app.keyring, (request.body as { challenge: string }).challenge, now());
        if (userId !== null) await codeAttemptCounter.enforce(String(userId));
      },
      schema: {
        tags,
        summary: 'Sign in, step two: the challenge from /api/auth/login and a code from the app (or a recovery code)',
        body: LoginSecondFactorBodySchema,
        response: { 200: envelope(AuthResultSchema) },
      },
    },
    async (request) => ({
      message: 'You are signed in.',
      data: await loginWithSecondFactor(app.db, app.keyring, request.body, app.config.session, now()),
    }),
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
      return { message: 'You have been signed out.', data: null };
    },
  );
};
