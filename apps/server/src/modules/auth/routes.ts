import {
  API,
  AuthResultSchema,
  EmptyEnvelopeSchema,
  envelope,
  LoginBodySchema,
  RegisterBodySchema,
} from '@iddesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit, perAccountLimit } from '../../plugins/app/auth-rate-limit';
import { callerOf } from '../../plugins/app/auth';
import type { SignInOrigin } from './repository';
import { login, type LoginDeps, logout, register } from './service';

const tags = ['auth'];

function originOf(request: FastifyRequest): SignInOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginDeps: LoginDeps = {
    db: app.db,
    session: app.config.session,
    accountLimit: app.rateCounters.window('account:login', {
      max: app.config.rateLimit.authAccountMax,
      windowMs: app.config.rateLimit.authWindowMs,
    }),
  };
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
      data: await register(app.db, request.body, app.config.session, originOf(request)),
    }),
  );

  app.post(
    API.login,
    {
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'Sign in with email or phone',
        body: LoginBodySchema,
        response: { 200: envelope(AuthResultSchema) },
      },
    },
    async (request) => ({
      message: 'You are signed in.',
      data: await login(loginDeps, request.body, originOf(request)),
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
