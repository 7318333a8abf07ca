import fp from 'fastify-plugin';

/**
 * The client sends `Content-Type: application/json` on every call, also on calls without a
 * body (logout, passport). Fastify would answer those with 400; an empty JSON body is read as
 * no body instead. Everything else goes through Fastify's own safe JSON parser.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
