import {
  API,
  CONTENT_API,
  envelope,
  MarqueBodySchema,
  MarqueSchema,
  PublicSettingsSchema,
  SiteSettingsBodySchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/app/auth';
import { getMarque, getSiteSettings, setMarque, updateSiteSettings } from './service';
import { sendCachedRead } from '../../caches/public-answers';
import { t } from '../../lib/i18n';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.marque,
    {
      schema: {
        tags: ['settings'],
        summary: 'The top-block (marquee) text; empty when unset',
        response: { 200: envelope(MarqueSchema) },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, app.db, { tables: ['settings'] }, async () => ({
        message: null,
        data: { text: await getMarque(app.db) },
      })),
  );

  app.post(
    API.adminMarque,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Set the top-block (marquee) text',
        body: MarqueBodySchema,
        response: { 200: envelope(MarqueSchema) },
      },
    },
    async (request) => {
      const actor = { userId: callerOf(request).user.id, ip: request.ip };
      const text = await setMarque(app.db, actor, request.body.text);
      return { message: t('api.settings.topBlockSaved'), data: { text } };
    },
  );

  app.get(
    CONTENT_API.settings,
    {
      schema: {
        tags: ['settings'],
        summary: 'Public site settings: name, contacts, social links, the terms text, the money limits and the time zone',
        description:
          'Unset fields are empty strings. `money_limits`: per operation the least and the most one ' +
          'call may be, and `daily_payout`, the most a customer may withdraw from the wallet in a day ' +
          '(the display time zone); calls outside them answer 422 on `amount`. `display_time_zone` is ' +
          "the server's DISPLAY_TIME_ZONE, the zone every time is written in.",
        response: { 200: envelope(PublicSettingsSchema) },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, app.db, { tables: ['settings'] }, async () => ({
        message: null,
        data: { ...(await getSiteSettings(app.db)), display_time_zone: app.config.displayTimeZone },
      })),
  );

  app.post(
    CONTENT_API.adminSettings,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Replace the site settings (every field; "" clears one) and the money limits',
        description:
          '`money_limits` is optional (left out: unchanged); when sent, every range: each `min` at ' +
          'most its `max`, `daily_payout` at least the withdrawal minimum.',
        body: SiteSettingsBodySchema,
        response: { 200: envelope(PublicSettingsSchema) },
      },
    },
    async (request) => {
      const actor = { userId: callerOf(request).user.id, ip: request.ip };
      const data = await updateSiteSettings(app.db, actor, request.body);
      return { message: t('api.settings.saved'), data: { ...data, display_time_zone: app.config.displayTimeZone } };
    },
  );
};
