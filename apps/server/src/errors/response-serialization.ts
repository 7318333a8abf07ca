import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as z.ZodType).def as unknown as Def;

/** Kinds whose answer is the same read forwards (parse) or backwards (encode): no conversion. */
const LEAVES = new Set([
  'string', 'number', 'boolean', 'bigint', 'null', 'undefined', 'void', 'never', 'any', 'unknown',
  'date', 'enum', 'literal', 'template_literal', 'nan',
]);

/**
 * Whether every part of a schema reads the same in both directions: no transform, pipe
 * (codec, preprocess), default, prefault, catch or readonly anywhere in it. Checks (`int`,
 * `max`, refinements) run in both directions alike. Anything not listed is taken as converting.
 */
export function convertsNothing(schema: z.core.$ZodType, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = defOf(schema);
  const all = (parts: unknown[]) => parts.every((part) => convertsNothing(part as z.core.$ZodType, seen));
  switch (def.type) {
    case 'object':
      return all([...Object.values(def.shape as object), ...(def.catchall ? [def.catchall] : [])]);
    case 'array':
      return all([def.element]);
    case 'tuple':
      return all([...(def.items as unknown[]), ...(def.rest ? [def.rest] : [])]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'union':
      return all(def.options as unknown[]);
    case 'intersection':
      return all([def.left, def.right]);
    case 'nullable':
    case 'optional':
    case 'nonoptional':
      return all([def.innerType]);
    case 'lazy':
      return all([(def.getter as () => unknown)()]);
    default:
      return LEAVES.has(def.type);
  }
}

/** What Fastify hands the compiler: the schema itself, or an OpenAPI wrapper around it. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.core.$ZodType) return schema as z.ZodType;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof z.core.$ZodType) return wrapped as z.ZodType;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/**
 * Every answer is checked against its route's contract schema before it is sent (decision
 * 011), as `fastify-type-provider-zod`'s compiler does, which always encodes (zod's backward
 * direction). zod runs an encode of a checked value twice (a first pass without checks, then
 * the checks, then the value again) and without its compiled object parser: 47 µs for a staff
 * page of 15 bills against 18 for a parse (issue 19). A schema that converts nothing reads the
 * same either way, so it is parsed; one with a codec, transform or default is still encoded.
 * An answer outside its schema is the same 500 (ResponseSerializationError).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema: given, method, url }) => {
  const schema = zodSchemaOf(given);
  const check = convertsNothing(schema) ? (data: unknown) => schema.safeParse(data) : (data: unknown) => z.safeEncode(schema, data);
  return (data) => {
    const result = check(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
