import { REQUEST_ID_HEADER } from '@iddesk/contract';
import fp from 'fastify-plugin';

/**
 * Every response names its request (`X-Request-Id`), errors included: a customer or a proxy
 * log can then point at the server's log lines. The id itself is chosen by `genReqId`
 * (lib/request-id.ts); the router's own errors set the header in app.ts.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
