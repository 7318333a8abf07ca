import type { FastifyServerOptions } from 'fastify';

/** Anything that could let a log reader sign in as someone. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.api_token',
  '*.token',
  '*.passwordHash',
  '*.password_hash',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
