import { REQUEST_ID_HEADER } from '@iddesk/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/app-config';
import type { Db } from './db/types';
import { errorHandler } from './errors/error-handler';
import { zodValidatorCompiler } from './errors/request-validation';
import { responseSerializerCompiler } from './errors/response-serialization';
import { loggerOptions, OneLinePerRequest } from './lib/logger';
import { rateCountersFor } from './lib/rate-counters';
import { requestIdGenerator } from './lib/request-id';
import { adminUserRoutes } from './modules/users/admin-routes';
import { authRoutes } from './modules/auth/routes';
import { CODE_BACKOFF, CodeAttempts } from './modules/auth';
import { staffRoutes } from './modules/staff/routes';
import { billRoutes } from './modules/bills/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { deskRoutes } from './modules/desk/routes';
import { healthRoutes } from './modules/health/routes';
import { adminIdRequestRoutes } from './modules/id-requests/admin-routes';
import { idRequestRoutes } from './modules/id-requests/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { mediaRoutes } from './modules/media/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { alertWrongCodes } from './modules/notifications';
import { notificationRoutes } from './modules/notifications/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { paymentTypeRoutes } from './modules/payment-types/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { settingsRoutes } from './modules/settings/routes';
import { telegramRoutes } from './modules/telegram/routes';
import { fileRoutes } from './modules/uploads/routes';
import { adminUserIdRoutes } from './modules/customer-ids/admin-routes';
import { userIdRoutes } from './modules/customer-ids/routes';
import { userRoutes } from './modules/users/routes';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import authPlugin from './plugins/app/auth';
import configPlugin from './plugins/app/config';
import dbPlugin from './plugins/app/db';
import jsonBodyParser from './plugins/app/json-body';
import lifecyclePlugin from './plugins/app/lifecycle';
import localePlugin from './plugins/app/locale';
import mailerPlugin from './plugins/app/mailer';
import moneyCallsPlugin from './plugins/app/money-calls';
import requestIdPlugin from './plugins/app/request-id';
import storagePlugin from './plugins/app/storage';
import webAppPlugin from './plugins/app/web-app';
import compressPlugin from './plugins/external/compress';
import helmetPlugin, { SECURITY_HEADERS } from './plugins/external/helmet';
import multipartPlugin from './plugins/external/multipart';
import rateLimitPlugin from './plugins/external/rate-limit';
import swaggerPlugin from './plugins/external/swagger';

/** A hop count is supported by Fastify at runtime but not by its types; spell it as a function. */
function trustProxyOption(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export type BuildAppOptions = {
  db: Db;
  config: AppConfig;
  /**
   * The clock expiries are read from (password reset links); tests pass their own. Rate-limit
   * windows follow the system clock instead, shared by every server (lib/rate-counters.ts).
   */
  now?: () => Date;
  /** Where log lines go; stdout unless given (tests capture them). */
  logStream?: DestinationStream;
};

/** The whole HTTP application. Tests and main.ts build it the same way. */
export async function buildApp({
  db,
  config,
  now = () => new Date(),
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logFormat, logStream),
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    // Unique across processes, so logs of several servers behind one balancer do not collide;
    // behind a trusted proxy, the proxy's X-Request-Id (lib/request-id.ts).
    genReqId: requestIdGenerator(config.trustProxy !== false),
    // Requests that reach a closing server on a kept-alive connection are served (with
    // `Connection: close`) rather than refused with Fastify's own 503 body: the database is
    // still open until the server has closed (shutdown.ts).
    return503OnClosing: false,
    // A URL the router cannot read (bad percent-encoding, a parameter over 100 characters)
    // gets the envelope too, not Fastify's own body echoing the path. It is answered before
    // any onRequest hook, so the security and request id headers are set here.
    frameworkErrors: (error, request, reply) => {
      void reply.headers(SECURITY_HEADERS).header(REQUEST_ID_HEADER, request.id);
      errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.setErrorHandler(errorHandler);

  // External plugins first: they shape every request and must see every route.
  await app.register(helmetPlugin);
  await app.register(requestIdPlugin);
  await app.register(lifecyclePlugin);
  // The call's language (Accept-Language) before anything can answer with a message.
  await app.register(localePlugin);
  await app.register(compressPlugin);
  // Rate-limit counters live with the database: shared on PostgreSQL, in memory on PGlite.
  await app.register(rateLimitPlugin, { counters: rateCountersFor(db) });
  await app.register(multipartPlugin);
  await app.register(swaggerPlugin);

  // Then ours.
  await app.register(configPlugin, { config });
  await app.register(dbPlugin, { db });
  // Before the routes, so its response hook (only with METRICS_TOKEN) sees all of them.
  await app.register(metricsRoutes, { token: config.metricsToken });
  await app.register(jsonBodyParser);
  await app.register(authPlugin, { session: config.session, staffSecondFactor: config.staffSecondFactor });
  await app.register(moneyCallsPlugin, { now });
  await app.register(storagePlugin);
  await app.register(mailerPlugin);

  await app.register(
    async (api) => {
      // No /api answer is stored by a browser or a proxy unless its route says so (the public
      // cached reads, public files): whatever a session sees, or a sign-in answers, leaves no
      // copy behind on a shared device (issue 51 finding 7). Set on the raw response, as the
      // security headers are: a route's own Cache-Control, set on the reply, takes precedence.
      api.addHook('onRequest', (_request, reply, done) => {
        reply.raw.setHeader('cache-control', 'no-store');
        done();
      });
      // One count of second-factor codes for the sign-in step and the signed-in calls; repeated
      // wrong ones tell the account's holder and owners (issue 51 finding 6).
      const codeAttempts = new CodeAttempts({
        db,
        backoff: app.rateCounters.backoff('second-factor', CODE_BACKOFF),
        alert: (alert) => alertWrongCodes({ db, mailer: app.mailer, appUrl: config.appUrl }, alert),
        knownDeviceDays: config.session.idleDays,
      });
      await api.register(authRoutes, { now, codeAttempts });
      await api.register(userRoutes);
      await api.register(settingsRoutes);
      await api.register(healthRoutes);
      await api.register(reviewRoutes);
      await api.register(mediaRoutes);
      await api.register(paymentTypeRoutes);
      await api.register(billRoutes);
      await api.register(withdrawalRoutes);
      await api.register(ledgerRoutes);
      await api.register(adminUserRoutes);
      await api.register(deskRoutes);
      await api.register(staffRoutes);
      await api.register(fileRoutes);
      await api.register(notificationRoutes);
      await api.register(passwordResetRoutes, { now });
      await api.register(catalogueRoutes);
      await api.register(userIdRoutes);
      await api.register(adminUserIdRoutes);
      await api.register(idRequestRoutes);
      await api.register(adminIdRequestRoutes);
      await api.register(telegramRoutes, { now });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}
