import { z } from 'zod';
import { msg } from './i18n/translate';
import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotency';

/** The header's schema, documented in OpenAPI on every money-moving POST. */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7E]{1,255}$/, msg('validation.idempotencyKey'));

/**
 * The request headers of a money-moving POST. Loose: every other header passes through
 * untouched (Fastify keeps the validated object as the request's headers).
 */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeySchema.optional().describe(
    'Optional. A unique value (a UUID) per operation; a retry with the same key replays the first ' +
      `answer instead of repeating it, for ${IDEMPOTENCY_KEY_TTL_HOURS} hours.`,
  ),
});
