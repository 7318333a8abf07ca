import fp from 'fastify-plugin';
import { BadRequestError, ValidationError } from '../../errors/app-errors';
import { nulFieldOf } from '../../lib/nul-characters';
import { t } from '../../lib/i18n';

/**
 * No body of ours nests more than a few levels. Thousands of levels parse, but then overflow
 * the stack of recursive code further on (JSON.stringify of the idempotency fingerprint
 * answered 500), so they are refused here.
 */
const MAX_DEPTH = 32;

function nestedTooDeep(text: string): boolean {
  if (text.length <= MAX_DEPTH) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) {
        i += 1;
      } else if (c === 0x22) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > MAX_DEPTH) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The client sends `Content-Type: application/json` on every call, also on calls without a
 * body (logout, passport). Fastify would answer those with 400; an empty JSON body is read as
 * no body instead. Everything else goes through Fastify's own safe JSON parser; a body nested
 * too deeply is a 400, and a string holding a NUL or a lone surrogate (lib/nul-characters.ts)
 * is a 422 on its field.
 */
/** `\u0000` or any surrogate escape (`\ud800`–`\udfff`) in a JSON text. */
const ESCAPED_UNSTORABLE = /\\u(0000|d[89a-f])/i;

export default fp(
  async (app) => {
    // The same for a query string or a path: a NUL reaches one only percent-encoded, so a URL
    // without `%00` skips the walk (GET /api/admin/audit?object_type=%00 answered 500).
    app.addHook('preValidation', async (request) => {
      if (!request.url.includes('%00')) return;
      const field = nulFieldOf(request.query, 'query') ?? nulFieldOf(request.params, 'params');
      if (field) throw ValidationError.field(field, t('validation.field.nul'));
    });
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      if (nestedTooDeep(text)) {
        done(new BadRequestError(t('api.nestedTooDeeply')));
        return;
      }
      // JSON can only carry a NUL or a surrogate escaped, so most bodies skip the walk.
      if (!ESCAPED_UNSTORABLE.test(text)) {
        void parseJson(request, text, done);
        return;
      }
      void parseJson(request, text, (error, value) => {
        if (error) {
          done(error);
          return;
        }
        const field = nulFieldOf(value);
        if (field) done(ValidationError.field(field, t('validation.field.nul')));
        else done(null, value);
      });
    });
  },
  { name: 'json-body' },
);
