import type { FastifyServerOptions } from 'fastify';
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
    ...(destination ? { stream: destination } : {}),
  };
}
