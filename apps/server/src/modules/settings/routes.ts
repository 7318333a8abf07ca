import {
  API,
  CONTENT_API,
  envelope,
  MarqueBodySchema,
  MarqueSchema,
  PublicSiteSettingsSchema,
  SiteSettingsBodySchema,
  SiteSettingsSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/app/auth';
import { getMarque, getSiteSettings, setMarque, updateSiteSettings } from './service';
import { sendCachedRead } from '../../lib/public-cache';
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
        summary: 'Public site settings: name, contacts, social links and the terms text',
        description:
          'Unset fields are empty strings. `display_time_zone` is the server\'s DISPLAY_TIME_ZONE, ' +
          'the zone every time is written in.',
        response: { 200: envelope(PublicSiteSettingsSchema) },
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
        summary: 'Replace the site settings (every field; "" clears one)',
        body: SiteSettingsBodySchema,
        response: { 200: envelope(SiteSettingsSchema) },
      },
    },
    async (request) => {
      const actor = { userId: callerOf(request).user.id, ip: request.ip };
      const data = await updateSiteSettings(app.db, actor, request.body);
      return { message: t('api.settings.saved'), data };
    },
  );
};
