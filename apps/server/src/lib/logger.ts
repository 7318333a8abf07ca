import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

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

/** `stream` defaults to stdout; tests pass one to read what would have been logged. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
