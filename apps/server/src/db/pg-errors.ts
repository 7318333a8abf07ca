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
