import { setTranslator } from '@iddesk/contract';
import fp from 'fastify-plugin';
import { hasText, localeOfHeaders, localize, localizeJson, t } from '../../lib/i18n';

/**
 * The language of each call (issue 18): Accept-Language picks English or Hindi, and every text
 * the call writes — error and success messages, zod's field errors from the contract's schemas
 * — is written in it. Those texts are markers until the answer is sent (lib/i18n.ts `t`,
 * decision 025); this hook writes them in the call's language, before @fastify/compress
 * (registered after this plugin) sees the body. An answer sent as bytes (a file, a kept public
 * answer, the poll's "nothing new") carries none. Registered before the rate limit, so a 429
 * is translated too.
 */
export default fp(
  async (app) => {
    setTranslator((key, values) => t(key, values));
    // A callback hook: no promise per call (most answers carry no text at all).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' || !hasText(payload)) {
        done(null, payload);
        return;
      }
      const locale = localeOfHeaders(request.headers);
      const type = reply.getHeader('content-type');
      // Every answer with text is JSON; a plain one would not want its text escaped.
      const plain = typeof type === 'string' && !type.includes('json');
      done(null, plain ? localize(payload, locale) : localizeJson(payload, locale));
    });
  },
  { name: 'locale' },
);
