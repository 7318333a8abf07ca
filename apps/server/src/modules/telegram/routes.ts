import { timingSafeEqual } from 'node:crypto';
import {
  EmptyEnvelopeSchema,
  envelope,
  TELEGRAM_API,
  TelegramLinkSchema,
  TelegramStatusSchema,
  TelegramUpdateSchema,
} from '@iddesk/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ServiceUnavailableError, UnauthenticatedError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import { authRateLimit } from '../../plugins/app/auth-rate-limit';
import { callerOf } from '../../plugins/app/auth';
import { TelegramBot } from './bot';
import { newLinkCode, telegramStatus, unlinkAccount } from './service';
import { handleUpdate } from './updates';

const tags = ['telegram'];

/** Header of every webhook call Telegram makes, carrying setWebhook's `secret_token`. */
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Telegram (docs/product.md#telegram, decision 033). The calls exist whatever the
 * configuration (one OpenAPI document); without TELEGRAM_BOT_TOKEN the status says so, a link
 * and the webhook are 404, and no sender runs.
 */
export const telegramRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const config = app.config.telegram;
  const bot = config
    ? new TelegramBot({
        config,
        appUrl: app.config.appUrl,
        db: app.db,
        rate: app.rateCounters.window('telegram:send', { max: 30, windowMs: 1000 }),
        staffSecondFactorRequired: app.config.staffSecondFactor === 'required',
        log: app.log.child({ module: 'telegram' }),
      })
    : undefined;
  if (bot) {
    app.addHook('onReady', async () => {
      bot.sender.start();
      // Not awaited: a server starts whether Telegram answers or not; a link request asks again.
      bot.ready().catch((error: unknown) => app.log.warn({ err: error }, 'Telegram: getMe or setWebhook failed; will ask again'));
    });
    app.addHook('onClose', async () => bot.sender.stop());
  }
  const requireBot = (): TelegramBot => {
    if (!bot) throw new NotFoundError(t('api.telegram.off'));
    return bot;
  };

  app.get(
    TELEGRAM_API.status,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's Telegram link",
        description: '`enabled` is false when the site has no bot: show nothing about Telegram then.',
        response: { 200: envelope(TelegramStatusSchema) },
      },
    },
    async (request) => ({
      message: null,
      data: await telegramStatus(app.db, bot !== undefined, callerOf(request).user.id),
    }),
  );

  app.post(
    TELEGRAM_API.link,
    {
      onRequest: app.requireUser,
      config: authRateLimit(app),
      schema: {
        tags,
        summary: 'A one-time link to the bot that links the chat it is opened in',
        description:
          'Opening the link and pressing Start sends `/start <code>` to the bot, which links that ' +
          'chat to the caller. The code works once, for a few minutes, and a newer one replaces it.',
        response: { 200: envelope(TelegramLinkSchema) },
      },
    },
    async (request) => {
      const username = await requireBot()
        .ready()
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'Telegram: getMe or setWebhook failed');
          throw new ServiceUnavailableError(t('api.telegram.unreachable'), 60);
        });
      return { message: null, data: await newLinkCode(app.db, username, callerOf(request).user.id, now()) };
    },
  );

  app.post(
    TELEGRAM_API.unlink,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Forget the caller's chat: nothing more is sent there",
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      if (await unlinkAccount(app.db, callerOf(request).user.id)) bot?.sender.wake();
      return { message: t('api.telegram.unlinked'), data: null };
    },
  );

  app.post(
    TELEGRAM_API.webhook,
    {
      // Checked before the body is read: only Telegram knows the secret.
      onRequest: async (request: FastifyRequest) => {
        const { secret } = requireBot();
        if (!sameSecret(request.headers[SECRET_HEADER], secret)) throw new UnauthenticatedError();
      },
      schema: {
        tags,
        summary: "Telegram's delivery of the bot's updates (setWebhook)",
        description:
          'Called by Telegram with X-Telegram-Bot-Api-Secret-Token; anything else is 401. ' +
          'Answers 200 once the update is handled, so Telegram delivers it again after a failure.',
        body: TelegramUpdateSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await handleUpdate(app.db, request.body, now());
      bot?.sender.wake();
      return { message: null, data: null };
    },
  );
};
