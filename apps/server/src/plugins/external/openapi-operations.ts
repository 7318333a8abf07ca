import { ErrorBodySchema } from '@iddesk/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormSpec } from '../../lib/multipart';

declare module 'fastify' {
  interface FastifySchema {
    /** A form body (multipart, or JSON when its files are optional): documented, read by readForm. */
    form?: FormSpec;
    /** Error answers the guards and inputs do not imply (see errorStatuses), e.g. a 409. */
    errors?: ErrorStatus[];
  }
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The error envelope's name among the document's schemas. */
export const ERROR_BODY_COMPONENT = 'ErrorBody';

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The body cannot be read: malformed JSON or form data (`BAD_REQUEST`).',
  401: 'Not signed in: no valid bearer token (`UNAUTHENTICATED`), or one whose account staff have blocked (`ACCOUNT_BLOCKED`).',
  403: 'Signed in, but not staff whose role may use this call (`FORBIDDEN`), or a staff account that must enrol a second factor first (`SECOND_FACTOR_REQUIRED`).',
  404: 'The object of the path does not exist, or is not the caller’s (`NOT_FOUND`).',
  409: 'The object’s state forbids it: `INSUFFICIENT_BALANCE`, `ALREADY_HANDLED`, `ID_NOT_ACTIVE`, `ID_CLOSING` or `CONFLICT`.',
  413: 'The body is larger than the server accepts (`PAYLOAD_TOO_LARGE`).',
  415: 'The body is neither JSON nor form data (`UNSUPPORTED_MEDIA_TYPE`).',
  422: 'The input is invalid: `errors` maps each field to its messages (`VALIDATION`).',
  429: 'Too many calls; try again after `Retry-After` seconds (`RATE_LIMITED`).',
  503: 'The database cannot be reached right now; try again after `Retry-After` (`SERVICE_UNAVAILABLE`).',
};

/** The error envelope as the document's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
export function errorBodyComponent(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(ErrorBodySchema, { io: 'output' });
  return schema;
}

type Guards = Pick<FastifyInstance, 'requireUser' | 'requireAdmin' | 'optionalUser' | 'moneyCall'>;
type Hooks = RouteOptions['onRequest'];
type RouteSchema = NonNullable<RouteOptions['schema']>;

function hooksOf(hooks: Hooks | RouteOptions['preHandler']): unknown[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** What a route is, read from its options: who may call it, and what can go wrong. */
export function routeKind(route: RouteOptions, guards: Guards) {
  const onRequest = hooksOf(route.onRequest);
  const preHandler = hooksOf(route.preHandler);
  const access = onRequest.includes(guards.requireAdmin)
    ? 'admin'
    : onRequest.includes(guards.requireUser)
      ? 'user'
      : onRequest.includes(guards.optionalUser)
        ? 'optional'
        : 'public';
  const money = preHandler.includes(guards.moneyCall);
  const limited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  return { access, money, limited } as const;
}

/**
 * The error answers a call can give, from its method, guards and inputs: 400, 413 and 415 on
 * a body, 401 behind a sign-in, 403 behind the admin guard, 404 on an object named in the
 * path, 422 on any input, 409 and 429 on money calls, 429 on every rate-limited call, and 503
 * everywhere (the database).
 */
export function errorStatuses(route: RouteOptions, schema: RouteSchema, guards: Guards): ErrorStatus[] {
  const { access, money, limited } = routeKind(route, guards);
  const statuses = new Set<ErrorStatus>([503, ...(schema.errors ?? [])]);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) statuses.add(400).add(413).add(415);
  if (access === 'user' || access === 'admin') statuses.add(401);
  if (access === 'admin') statuses.add(403);
  if (schema.params) statuses.add(404);
  if (schema.body || schema.querystring || schema.params || schema.headers || schema.form) statuses.add(422);
  if (money) statuses.add(409).add(422);
  if (money || limited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** `POST /api/admin/bills/:id/approve` → `postAdminBillsIdApprove`: unique, stable, URL-safe. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** A form's text fields and file parts, as the multipart request body's schema. */
function formBodySchema(form: FormSpec, textSchema: Record<string, unknown>): Record<string, unknown> {
  const files = Object.entries(form.files);
  const fileProperties = Object.fromEntries(
    files.map(([name, missing]) => [
      name,
      {
        type: 'string',
        format: 'binary',
        contentMediaType: 'image/*',
        description: `An image (JPEG, PNG or WebP)${missing === null ? '; optional' : ''}.`,
      },
    ]),
  );
  const required = files.filter(([, missing]) => missing !== null).map(([name]) => name);
  const fileSchema = { type: 'object', properties: fileProperties, ...(required.length ? { required } : {}) };
  // A plain object takes the file parts beside its fields; anything else (a union) is combined.
  if (textSchema.type === 'object' && textSchema.properties) {
    return {
      ...textSchema,
      properties: { ...(textSchema.properties), ...fileProperties },
      required: [...((textSchema.required as string[] | undefined) ?? []), ...required],
    };
  }
  return { allOf: [textSchema, fileSchema] };
}

/**
 * @fastify/swagger's per-route transform: the zod schemas become JSON schema
 * (fastify-type-provider-zod), then each operation gets, derived here and nowhere else, its
 * operationId, its security (bearer, or none for a public call), its error answers with the
 * envelope's schema, and its form body. None of this changes how a request is handled.
 */
export function operationTransform(guards: () => Guards) {
  return (input: Parameters<typeof jsonSchemaTransform>[0]) => {
    const route = (input as { route: RouteOptions }).route;
    const source = (input.schema ?? {});
    const { form, errors: _errors, ...rest } = source;
    const result = jsonSchemaTransform({
      ...input,
      schema: form ? { ...rest, body: form.fields } : rest,
    });
    const schema = result.schema as Record<string, unknown>;
    if (schema.hide) return result;

    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const { access } = routeKind(route, guards());
    schema.operationId = operationIdOf(method, route.url);
    schema.security =
      access === 'public' ? [] : access === 'optional' ? [{ bearer: [] }, {}] : [{ bearer: [] }];
    if (form) {
      schema.body = formBodySchema(form, schema.body as Record<string, unknown>);
      schema.consumes = form.json ? ['multipart/form-data', 'application/json'] : ['multipart/form-data'];
    }
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    // A call that answers with a file names its types in `produces` instead of a schema.
    if (!Object.keys(response).some((status) => status.startsWith('2'))) {
      const types = (source.produces as string[] | undefined) ?? ['application/json'];
      response[200] = {
        description: source.summary ?? 'Success',
        content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
      };
    }
    for (const status of errorStatuses(route, source, guards())) {
      response[status] = {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY_COMPONENT}` } } },
      };
    }
    schema.response = response;
    return result;
  };
}
