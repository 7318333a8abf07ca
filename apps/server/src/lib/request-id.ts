import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@iddesk/contract';

/**
 * What a proxy may hand us as a request id: nginx's `$request_id` (32 hex), UUIDs, and the
 * usual trace formats, but nothing that could break a log line or a header (no spaces, quotes
 * or control characters) and nothing long.
 */
const INCOMING_ID = /^[A-Za-z0-9._:=+/@-]{1,128}$/;

/**
 * Fastify's `genReqId`. Behind a trusted proxy (TRUST_PROXY set) its `X-Request-Id` is kept,
 * so one id follows a call through the proxy's and the server's logs; otherwise, or when the
 * header is malformed, a random UUID (unique across server processes). A client talking to
 * the server directly cannot choose the id its request is logged under.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  if (!trustProxy) return () => randomUUID();
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  };
}
