import {
  CONTENT_API,
  EmptyEnvelopeSchema,
  envelope,
  IdParamSchema,
  MEDIA_IMAGE_FIELD,
  MediaCreateBodySchema,
  MediaEditBodySchema,
  MediaItemSchema,
  MediaListSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formSpec, readForm } from '../../lib/multipart';
import { actorOf } from '../audit';
import { createMedia, editMedia, listPublicMedia, removeMedia } from './service';
import { sendCachedRead } from '../../caches/public-answers';
import { t } from '../../lib/i18n';

const ItemSchema = envelope(MediaItemSchema);

const MediaCreateForm = formSpec(MediaCreateBodySchema, { [MEDIA_IMAGE_FIELD]: null });

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, log: app.log });

  app.get(
    CONTENT_API.media,
    {
      schema: {
        tags: ['media'],
        summary: 'The gallery in display order (order ascending, newest first within one order)',
        response: { 200: envelope(MediaListSchema) },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, app.db, { tables: ['media_items'] }, async () => ({
        message: null,
        data: await listPublicMedia(app.db),
      })),
  );

  app.post(
    CONTENT_API.adminMediaCreate,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Add an image or a video to the gallery',
        description:
          'multipart/form-data: `title`, optional `order`, and either an image in `image` ' +
          '(JPEG/PNG/WebP, at most 5 MB) or `video_url` (https YouTube, Vimeo, or an .mp4/.webm file).',
        form: MediaCreateForm,
        response: { 200: ItemSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, MediaCreateForm);
      const item = await createMedia(deps(), actorOf(request), fields, files[MEDIA_IMAGE_FIELD]);
      return { message: t('api.media.added'), data: item };
    },
  );

  app.post(
    CONTENT_API.adminMediaEdit(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Change a gallery item's title and order",
        params: IdParamSchema,
        body: MediaEditBodySchema,
        response: { 200: ItemSchema },
      },
    },
    async (request) => {
      const item = await editMedia(app.db, actorOf(request), request.params.id, request.body);
      return { message: t('api.media.saved'), data: item };
    },
  );

  app.post(
    CONTENT_API.adminMediaDelete(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a gallery item (and its image)',
        params: IdParamSchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await removeMedia(deps(), actorOf(request), request.params.id);
      return { message: t('api.media.deleted'), data: null };
    },
  );
};
