import {
  AddReviewBodySchema,
  AdminReviewSchema,
  AdminReviewsPageSchema,
  CONTENT_API,
  envelope,
  IdParamSchema,
  PageQuerySchema,
  ReviewSchema,
  ReviewsPageSchema,
  ReviewsQuerySchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/app/auth';
import { actorOf } from '../audit';
import { addReview, listAdminReviews, listPublicReviews, setHidden } from './service';
import { sendCachedRead } from '../../caches/public-answers';
import { t } from '../../lib/i18n';


export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CONTENT_API.reviews,
    {
      schema: {
        tags: ['reviews'],
        summary: 'Published reviews, newest first, with the average rating',
        querystring: ReviewsQuerySchema,
        response: { 200: envelope(ReviewsPageSchema) },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, app.db, { tables: ['reviews', 'users'] }, async () => ({
        message: null,
        data: await listPublicReviews(app.db, request.query),
      })),
  );

  app.post(
    CONTENT_API.addReview,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Publish a review (rating 1–5 and text) as the signed-in user',
        body: AddReviewBodySchema,
        response: { 200: envelope(ReviewSchema) },
      },
    },
    async (request) => {
      const review = await addReview(app.db, callerOf(request).user.id, request.body);
      return { message: t('api.reviews.published'), data: review };
    },
  );

  app.get(
    CONTENT_API.adminReviews,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every review, hidden ones included, newest first',
        querystring: PageQuerySchema,
        response: { 200: envelope(AdminReviewsPageSchema) },
      },
    },
    async (request) => ({ message: null, data: await listAdminReviews(app.db, request.query) }),
  );

  for (const hidden of [true, false]) {
    app.post(
      hidden ? CONTENT_API.adminReviewHide(':id') : CONTENT_API.adminReviewUnhide(':id'),
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: hidden
            ? 'Hide a review from the public list and the average'
            : 'Show a hidden review again',
          params: IdParamSchema,
          response: { 200: envelope(AdminReviewSchema) },
        },
      },
      async (request) => {
        const review = await setHidden(app.db, actorOf(request), request.params.id, hidden);
        return {
          message: hidden ? t('api.reviews.hidden') : t('api.reviews.visible'),
          data: review,
        };
      },
    );
  }
};
