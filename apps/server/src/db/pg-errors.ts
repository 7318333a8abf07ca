/**
 * The constraint behind a unique violation (SQLSTATE 23505), or null. Drizzle wraps driver
 * errors, and PGlite and node-postgres shape them alike, so the cause chain is searched.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    e = candidate.cause;
  }
  return null;
}

/** Socket-level failures: the server is not there, or went away mid-statement. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say "not now" about the server rather than anything about the statement:
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or in
 * recovery), 57014 query_canceled (our statement timeout), 53300 too_many_connections,
 * 53xxx insufficient resources, and class 08 (connection exceptions).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '57014' ||
    code.startsWith('53') ||
    code.startsWith('08')
  );
}

/**
 * What node-postgres says when a connection ends or cannot be had, without a code:
 * "Connection terminated unexpectedly", "Connection terminated due to connection timeout",
 * the pool's "timeout exceeded when trying to connect", a client reused after its socket
 * died ("… is not queryable"), and a closed PGlite during shutdown.
 */
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|is not queryable|PGlite is closed/i;

/**
 * Whether `error` means the database cannot be reached right now (the request may be retried
 * once it is back), as opposed to a bug or a refused statement. Drizzle wraps driver errors,
 * so the cause chain is searched, like `uniqueViolation`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = candidate.code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) {
      return true;
    }
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) {
      return true;
    }
    // A connect to "localhost" tries ::1 and 127.0.0.1; both refusals come as an AggregateError.
    if (
      Array.isArray(candidate.errors) &&
      candidate.errors.some((inner) => isDatabaseUnavailable(inner))
    ) {
      return true;
    }
    e = candidate.cause;
  }
  return false;
}
