import { fastifyRequestContext } from '@fastify/request-context';
import { DATE_WORDS, setDateWords, setTranslator } from '@iddesk/contract';
import fp from 'fastify-plugin';
import { currentLocale, localeOfHeaders, t } from '../../lib/i18n';

/**
 * The language of each call (issue 18): Accept-Language picks English or Hindi, and every text
 * the call writes — error and success messages, zod's field errors from the contract's schemas
 * — is written in it. The language lives in the call's async context (@fastify/request-context),
 * so services and zod need no request in hand; so are the dates it writes (a notification's
 * `created_at_full`: Hindi's month names). Registered before the rate limit, so a 429 is
 * translated too.
 */
export default fp(
  async (app) => {
    setTranslator((key, values) => t(key, values));
    setDateWords(() => DATE_WORDS[currentLocale()]);
    await app.register(fastifyRequestContext, {
      defaultStoreValues: (request) => ({ locale: localeOfHeaders(request.headers) }),
    });
  },
  { name: 'locale' },
);
