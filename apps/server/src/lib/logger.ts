import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

const CENSOR = '[redacted]';

/**
 * Anything that could let a log reader sign in as someone, as a key of any object a line
 * logs (`{ body: { password } }`, `{ user: { api_token } }`): the reach of pino's `*.password`.
 */
const SECRET_KEYS = ['password', 'password_confirmation', 'current_password', 'api_token', 'token', 'passwordHash', 'password_hash'];
/** Headers that carry a session, under a logged `headers` (and @fastify/multipart's trace line). */
const SECRET_HEADERS = ['authorization', 'cookie'];

/**
 * `value` with `keys` censored: itself when it has none of them, else a copy. A plain object
 * is copied; anything else (an error, whose message and stack are not its own enumerable
 * keys) is shadowed by an object that inherits from it, so its serializer still reads them.
 */
function censored<T extends object>(value: T, keys: readonly string[]): T {
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (Object.hasOwn(fields, key) && fields[key] !== undefined) {
      if (!copy) {
        const proto = Object.getPrototypeOf(fields) as unknown;
        copy = proto === Object.prototype || proto === null ? { ...fields } : (Object.create(fields) as Record<string, unknown>);
      }
      copy[key] = CENSOR;
    }
  }
  return (copy as T | undefined) ?? value;
}

function cleanEntry(key: string, value: object): object {
  let clean = censored(value, SECRET_KEYS);
  if (key === 'headers') clean = censored(clean, SECRET_HEADERS);
  // A logged request (`req`) goes through serializeRequest, which writes no headers.
  const headers = key === 'busboyOptions' ? (clean as { headers?: unknown }).headers : undefined;
  if (headers !== null && typeof headers === 'object') {
    const cleanHeaders = censored(headers, SECRET_HEADERS);
    if (cleanHeaders !== headers) clean = { ...clean, headers: cleanHeaders };
  }
  return clean;
}

/**
 * A line's object with every secret above replaced by `[redacted]`; the object itself when
 * there is none, so a line costs a few property checks. Nothing logged is changed in place.
 * This is what pino's `redact` paths did (`*.password`, `headers.authorization`, …), without
 * their cost: pino parsed each path again for every key of every line, a tenth of a staff list
 * page's server CPU (issue 19, docs/performance.md). The request's own serializer logs no
 * headers at all. A child logger's bindings are not looked at: the app binds only ids
 * (`reqId`, `userId`).
 */
export function redactSecrets<T extends Record<string, unknown>>(line: T): T {
  let copy: Record<string, unknown> | undefined;
  for (const key in line) {
    const value = line[key];
    if (value === null || typeof value !== 'object' || !Object.hasOwn(line, key)) continue;
    const clean = cleanEntry(key, value);
    if (clean !== value) {
      copy ??= { ...line };
      copy[key] = clean;
    }
  }
  return (copy as T | undefined) ?? line;
}

/**
 * A URL as it may be logged: a secret in the path (the reset link's token,
 * `/reset_password/<token>`) or in a query parameter that names one is replaced. Opening a
 * reset link must not put a live token in the request log (issue 15, finding 1), however the
 * path is spelled (issue 51 finding 7): percent-encoded (`/%72eset_password/<t>`, once or
 * more), with doubled slashes (`//reset_password/<t>`, `/reset_password//<t>`), `.` segments,
 * another case. The path is decoded and split into its segments first; everything after a
 * `reset_password` segment is replaced. A URL without a secret is returned as it was.
 */
const SECRET_SEGMENT = /reset_password/i;
const SECRET_PARAMETER = /^(?:token|api_token|reset_token|access_token)$/i;
/** What any secret above needs, spelled plainly or encoded; most URLs have none, and return after one test. */
const MAY_HOLD_SECRET = /reset|token|%/i;
const REDACTED = '[redacted]';

/** `text` percent-decoded until nothing changes (a double-encoded `%2572` too); a broken escape is decoded byte by byte. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The path with what follows a `reset_password` segment redacted, or null when it holds no secret. */
function redactPath(path: string): string | null {
  const segments = decodeFully(path)
    .split(/[/\\]+/)
    .filter((segment) => segment !== '' && segment !== '.');
  const at = segments.findIndex((segment) => SECRET_SEGMENT.test(segment));
  if (at === -1) return null;
  // The token follows the segment, or shares it (`reset_password;<t>`, an encoded `?`).
  if (at === segments.length - 1 && segments[at]!.toLowerCase() === 'reset_password') return null;
  return `/${[...segments.slice(0, at), 'reset_password', REDACTED].join('/')}`;
}

/** The query with the value of a parameter that names a secret, or holds a reset path, redacted; null when none does. */
function redactQuery(query: string): string | null {
  let changed = false;
  const pairs = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const key = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    if (!SECRET_PARAMETER.test(decodeFully(key)) && !SECRET_SEGMENT.test(decodeFully(value))) return pair;
    changed = true;
    return `${key}=${REDACTED}`;
  });
  return changed ? pairs.join('&') : null;
}

export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  const path = question === -1 ? withoutHash : withoutHash.slice(0, question);
  const query = question === -1 ? null : withoutHash.slice(question + 1);
  const fragment = hash === -1 ? null : url.slice(hash + 1);
  const cleanPath = redactPath(path);
  const cleanQuery = query === null ? null : redactQuery(query);
  // A fragment rarely reaches a server; one that names a secret is replaced whole.
  const secretFragment = fragment !== null && /reset_password|token/i.test(decodeFully(fragment));
  if (cleanPath === null && cleanQuery === null && !secretFragment) return url;
  return (
    (cleanPath ?? path) +
    (query === null ? '' : `?${cleanQuery ?? query}`) +
    (fragment === null ? '' : `#${secretFragment ? REDACTED : fragment}`)
  );
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
    formatters: { log: redactSecrets },
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
