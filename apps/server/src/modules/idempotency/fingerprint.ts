import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The call's `Idempotency-Key` header, if it sent one (the contract checks its form). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What the call asked: method, URL and JSON body, and a multipart form's digest (every field,
 * each file's SHA-256; lib/multipart.ts) once the route has read it. A key sent again on a
 * different request is refused.
 */
export function requestFingerprint(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (request.body !== undefined) {
    // Validated bodies hold money as bigint minor units.
    hash.update(JSON.stringify(request.body, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)));
  }
  const fingerprint = hash.digest('hex');
  // A route that reads no form (a JSON call sent as multipart) used nothing of the body.
  if (!request.isMultipart() || request.formDigest === null) return fingerprint;
  return createHash('sha256').update(`${fingerprint}\n${request.formDigest}`).digest('hex');
}
