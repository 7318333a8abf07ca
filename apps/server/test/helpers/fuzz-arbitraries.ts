import fc from 'fast-check';

/**
 * fast-check arbitraries for the property-based bad-input test (fuzz-api.test.ts): a small
 * JSON-schema → arbitrary converter for the schemas of the OpenAPI document, mixed with
 * hostile values, plus raw bodies, query strings, path params and multipart forms, valid and
 * malformed.
 */

/** The subset of JSON schema that zod's OpenAPI output uses for request bodies and params. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

/** Plausible values per field name, so that some inputs get past validation into the services. */
export type Plausible = Record<string, string[]>;

/* ---------- raw JSON ---------- */

/** JSON text that JSON.stringify cannot produce: 1e999 (Infinity once parsed), -0, 400 digits. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, but RawJson goes in as it is, and own `__proto__` keys are kept. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Object.fromEntries defines own properties, so `__proto__` becomes a key, not the prototype. */
const objectOf = (entries: Array<[string, unknown]>): Record<string, unknown> =>
  Object.fromEntries(entries);

/* ---------- hostile values ---------- */

const HUGE = 'a'.repeat(100_000);
const HUGE_EMOJI = '😀'.repeat(25_000);
const NINES = '9'.repeat(400);

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  HUGE,
  HUGE_EMOJI,
  NINES,
  `-${NINES}`,
  '\u0000',
  'abc\u0000def',
  '\uD800',
  'a\uDC00b',
  '\uFEFFbom',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǒ̫͈̯',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '$1',
  '%s%s%s%n',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '-0',
  '0.001',
  '1e308',
  '1e999',
  '-1e308',
  '1.5',
  '0x1F',
  ' 100 ',
  '100,00',
  '१००',
  '9007199254740993',
  '2147483648',
  '1.7976931348623157e308',
  'user@example.com\r\nBcc: x@example.com',
];

export const HOSTILE_NUMBERS: readonly unknown[] = [
  -1,
  0,
  -0.01,
  0.5,
  0.001,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  2 ** 31,
  2 ** 63,
  5e-324,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('-0'),
  new RawJson(NINES),
  new RawJson(`0.${NINES}`),
  new RawJson('1e-400'),
];

export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'type',
  'balance',
  '',
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);

const pollutedObject = fc.constantFrom(
  objectOf([['__proto__', { isAdmin: true, type: 'admin' }]]),
  objectOf([['constructor', { prototype: { isAdmin: true } }]]),
  objectOf([['prototype', { polluted: true }]]),
  objectOf([
    ['toString', 'x'],
    ['valueOf', 1],
  ]),
);

/** Anything but what the schema expects: wrong types, containers for scalars, pollution keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { minLength: 1, maxLength: 3 }),
  },
  { weight: 1, arbitrary: pollutedObject },
  { weight: 1, arbitrary: fc.constant(new RawJson(`${'['.repeat(2000)}${']'.repeat(2000)}`)) },
);

/* ---------- schema → arbitrary ---------- */

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function stringArbitrary(schema: JsonSchema, plausible: string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, schema.maxLength ?? 40);
  const options: Array<fc.WeightedArbitrary<string>> = [];
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    options.push({
      weight: 3,
      arbitrary: fc.stringMatching(re).filter((s) => s.length >= min && s.length <= max),
    });
  } else {
    options.push({
      weight: 2,
      arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 60) }),
    });
    options.push({
      weight: 1,
      arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: 'grapheme' }),
    });
  }
  // Just over the limit, and at it.
  if (schema.maxLength !== undefined) {
    options.push({
      weight: 1,
      arbitrary: fc.constantFrom('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1)),
    });
  }
  if (plausible.length > 0) options.push({ weight: 4, arbitrary: fc.constantFrom(...plausible) });
  return fc.oneof(...options);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : -1e6);
  const hi =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : 1e6);
  const min = Math.max(lo, -(2 ** 31));
  const max = Math.min(hi, 2 ** 31 - 1);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const edges = fc.constantFrom(lo - 1, lo, hi, hi + 1);
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: edges });
}

/**
 * Values of the schema's shape (weight 3) mixed with hostile ones (weight 1) at every level,
 * so an object may carry one bad property among good ones.
 */
export function fromSchema(
  schema: JsonSchema,
  plausible: Plausible,
  field = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: shaped(schema, plausible, field, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function shaped(
  schema: JsonSchema,
  plausible: Plausible,
  field: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => shaped(s, plausible, field, depth)));
  }
  if (schema.allOf && schema.allOf.length > 0)
    return shaped(Object.assign({}, ...schema.allOf), plausible, field, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
    );
  }
  const types = typesOf(schema);
  const options: Array<fc.Arbitrary<unknown>> = [];
  const known = plausible[field] ?? [];
  for (const type of types.length > 0 ? types : ['string', 'number', 'null']) {
    if (type === 'string') options.push(stringArbitrary(schema, known));
    else if (type === 'integer') options.push(numberArbitrary(schema, true));
    else if (type === 'number') options.push(numberArbitrary(schema, false));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
    else if (type === 'array') {
      const items = schema.items ?? {};
      options.push(
        depth > 3
          ? fc.constant([])
          : fc.array(fromSchema(items, plausible, field, depth + 1), {
              minLength: schema.minItems ?? 0,
              maxLength: Math.min(schema.maxItems ?? 4, 4),
            }),
      );
    } else if (type === 'object') options.push(objectArbitrary(schema, plausible, depth));
  }
  if (schema.nullable) options.push(fc.constant(null));
  // A string field also gets its plausible values when it is typed string | number.
  if (known.length > 0 && !types.includes('string')) options.push(fc.constantFrom(...known));
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

const MISSING = Symbol('missing');

function objectArbitrary(
  schema: JsonSchema,
  plausible: Plausible,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {});
  const fields = props.map(([name, sub]) => {
    const value = depth > 3 ? fc.constant(null) : fromSchema(sub, plausible, name, depth + 1);
    // Required fields are nearly always there; optional ones half the time.
    const presence = required.has(name)
      ? fc.integer({ min: 0, max: 9 }).map((n) => n > 0)
      : fc.boolean();
    return fc
      .tuple(presence, value)
      .map(([present, v]) => (present ? ([name, v] as [string, unknown]) : MISSING));
  });
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as Array<[string, unknown]>) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 8 })),
          hostileValue,
        ),
        {
          minLength: 1,
          maxLength: 2,
        },
      ),
    },
  );
  return fc
    .tuple(fc.tuple(...fields), extras)
    .map(([entries, extra]) =>
      objectOf([...entries.filter((e): e is [string, unknown] => e !== MISSING), ...extra]),
    );
}

/**
 * A value the call should accept (plausible values first, then the schema's own shape), so
 * that one hostile value mixed into it reaches the service rather than the first check.
 */
export function validish(
  schema: JsonSchema,
  plausible: Plausible,
  field = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const known = plausible[field] ?? [];
  if (known.length > 0) return fc.constantFrom(...known);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (typesOf(schema).includes('object') && depth < 3) {
    const props = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    return fc
      .tuple(
        ...props.map(([name, sub]) =>
          fc.tuple(
            required.has(name) ? fc.constant(true) : fc.boolean(),
            validish(sub, plausible, name, depth + 1),
          ),
        ),
      )
      .map((values) =>
        objectOf(
          props.flatMap(([name], i) =>
            values[i]![0] ? [[name, values[i]![1]] as [string, unknown]] : [],
          ),
        ),
      );
  }
  return shaped(schema, plausible, field, depth);
}

/** A validish object with at most one property (present or not) replaced by a hostile value. */
export function oneBad(schema: JsonSchema, plausible: Plausible): fc.Arbitrary<unknown> {
  const keys = [...Object.keys(schema.properties ?? {}), ...POLLUTION_KEYS];
  return fc
    .tuple(
      validish(schema, plausible),
      fc.option(fc.tuple(fc.constantFrom(...keys), hostileValue), { nil: undefined, freq: 4 }),
    )
    .map(([value, bad]) => {
      if (!bad || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      return objectOf([...Object.entries(value).filter(([k]) => k !== bad[0]), bad]);
    });
}

/* ---------- raw bodies ---------- */

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/png',
  'application/octet-stream',
  '',
  ';;;',
];

const TOO_BIG = `{"a":"${'x'.repeat(1_100_000)}"}`;

/** Bodies that are not the JSON object a call expects. */
export const RAW_BODIES: readonly string[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '}',
  'null',
  '[]',
  '[{}]',
  '"x"',
  '123',
  'true',
  'NaN',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true,"type":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\uFEFF{}',
  '{}\u0000',
  '\u0000',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\uZZZZ"}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  TOO_BIG,
  'a=1&b=2',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
];

/* ---------- URLs ---------- */

/** Percent-encode every byte but the unreserved ones (lone surrogates become U+FFFD's bytes). */
export function pct(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path segments, already URL-encoded (or deliberately not). */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '-1',
  '0',
  '1e9',
  '1.5',
  '0x10',
  'abc',
  '%20',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(400),
  '1'.repeat(5_000),
  '..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows',
  '%2e%2e%2f',
  '%00',
  '1%00',
  '%',
  '%zz',
  '%C0%AF',
  pct('😀'),
  pct('<script>'),
  pct("1' OR '1'='1"),
  pct('__proto__'),
  'constructor',
  'null',
  '',
];

export type QueryParam = { name: string; schema: JsonSchema };

/** A query string from the call's declared params (valid and hostile values) plus extra noise. */
export function queryArbitrary(params: QueryParam[], plausible: Plausible): fc.Arbitrary<string> {
  const declared = params.map(({ name, schema }) =>
    fc.option(
      fc.oneof(
        {
          weight: 3,
          arbitrary: fromSchema(schema, plausible, name).map(
            (v) => `${pct(name)}=${pct(scalarText(v))}`,
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS).map((v) => `${pct(name)}=${v}`),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            `${name}=1&${name}=2`,
            `${name}[]=1`,
            `${name}[$gt]=0`,
            `${name}`,
            `${name}=`,
          ),
        },
      ),
      { nil: undefined },
    ),
  );
  const noise = fc.array(
    fc.constantFrom(
      '__proto__[isAdmin]=1',
      'constructor[prototype][x]=1',
      'a=%',
      '%zz=1',
      '&&&',
      '=',
      'x=%00',
      `long=${'q'.repeat(20_000)}`,
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...declared), noise)
    .map(([parts, extra]) =>
      [...parts.filter((p): p is string => p !== undefined), ...extra].join('&'),
    );
}

/** How a value travels as text (query strings and form fields carry only text). */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) return toJson(value);
  return String(value);
}

/* ---------- multipart ---------- */

export type Part = {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
  /** Leave out Content-Disposition: a part with no name. */
  headless?: boolean;
};

export type Malformation =
  | 'none'
  | 'wrong-boundary'
  | 'no-boundary'
  | 'truncated'
  | 'no-closing'
  | 'lf-only'
  | 'too-many-parts'
  | 'quoted-boundary'
  | 'empty';

export type MultipartBody = { contentType: string; payload: Buffer };

/** Hand-made multipart, so it can be broken in the ways a browser never would. */
export function buildMultipart(
  parts: Part[],
  malformation: Malformation,
  cut = 0.5,
): MultipartBody {
  const boundary = `----fuzz${'b'.repeat(8)}7MA4YWxkTrZu0gW`;
  const all: Part[] =
    malformation === 'too-many-parts'
      ? [...parts, ...Array.from({ length: 40 }, (_, i) => ({ name: `extra${i}`, data: 'x' }))]
      : parts;
  const chunks: Buffer[] = [];
  for (const part of all) {
    const headers: string[] = [];
    if (!part.headless) {
      const filename =
        part.filename === undefined ? '' : `; filename="${part.filename.replaceAll('"', '%22')}"`;
      headers.push(
        `Content-Disposition: form-data; name="${part.name.replaceAll('"', '%22')}"${filename}`,
      );
    }
    if (part.contentType !== undefined) headers.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  if (malformation !== 'no-closing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (malformation === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cut));
  if (malformation === 'lf-only')
    payload = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
  if (malformation === 'empty') payload = Buffer.alloc(0);
  const contentType =
    {
      'wrong-boundary': 'multipart/form-data; boundary=----not-the-one',
      'no-boundary': 'multipart/form-data',
      'quoted-boundary': `multipart/form-data; boundary="${boundary}`,
    }[malformation as string] ?? `multipart/form-data; boundary=${boundary}`;
  return { contentType, payload };
}

export const MALFORMATIONS: readonly Malformation[] = [
  'wrong-boundary',
  'no-boundary',
  'truncated',
  'no-closing',
  'lf-only',
  'too-many-parts',
  'quoted-boundary',
  'empty',
];

export const HOSTILE_FILENAMES = [
  'image.png',
  '../../../etc/passwd',
  '..\\..\\x.png',
  'a\u0000.png',
  '😀.png',
  `${'x'.repeat(1_000)}.png`,
  '',
  'shell.php.png',
  '<script>.png',
];

export const FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/html',
  'image/svg+xml',
  'application/octet-stream',
  '',
];
