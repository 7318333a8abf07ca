import {
  API,
  AuthResultSchema,
  EmptyEnvelopeSchema,
  envelope,
  LoginBodySchema,
  RegisterBodySchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRateLimit, perAccountLimit } from '../../plugins/app/auth-rate-limit';
import { callerOf } from '../../plugins/app/auth';
import { login, loginLookup, logout, register } from './service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
        body: LoginBodySchema,
        response: { 200: envelope(AuthResultSchema) },
      },
    },
    async (request) => ({
      message: 'You are signed in.',
      data: await login(app.db, request.body, app.config.session),
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
