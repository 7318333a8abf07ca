import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/** Anything that could let a log reader sign in as someone. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  // @fastify/multipart logs its busboy options, request headers included, at trace level.
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.api_token',
  '*.token',
  '*.passwordHash',
  '*.password_hash',
];

/**
 * A URL as it may be logged: a secret in the path (the reset link's token,
 * `/reset_password/<token>`) or in a query parameter that names one is replaced. Opening a
 * reset link must not put a live token in the request log (issue 15, finding 1).
 */
const SECRET_PATH = /^(\/(?:api\/)?reset_password\/)[^/?#]+/i;
const SECRET_QUERY = /([?&](?:token|api_token|reset_token|access_token)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
};

/** Fastify's request serializer with the URL passed through redactUrl. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * Readable lines for a person at a terminal; JSON lines for everything else (log collectors).
 * Formatted in this process, not in pino's worker transport: one thread fewer, and a line
 * written just before exit is not lost.
 */
function prettyStdout(): DestinationStream {
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

/** `stream` defaults to stdout; tests pass one to read what would have been logged. */
export function loggerOptions(
  level: string,
  format: LogFormat,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  const readable = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  const destination = stream ?? (readable ? prettyStdout() : undefined);
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(destination ? { stream: destination } : {}),
  };
}

/**
 * One line per request, when it is answered: `request completed` (or `request errored`) with
 * the request, its status and time. Fastify's own controller writes an `incoming request`
 * line too, which doubled the logging of every call: at the default level that was a quarter
 * of a staff list page's server CPU (issue 19). A request that never gets an answer still
 * shows in the errors Fastify logs for it. Lines keep `reqId` (and `userId`, once known).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
