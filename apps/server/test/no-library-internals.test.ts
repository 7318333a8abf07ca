import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server uses its libraries through their documented API only (decision 034): a minor
 * release of node-postgres, PGlite, Drizzle or zod may rename or drop a private field, and code
 * that reached into one would stop working, or worse, silently stop doing what it did.
 */
const SRC = join(import.meta.dirname, '../src');

/** A private member (`x._name`, `x['_name']`) or one of the internals this server once used. */
const PRIVATE = [
  /\.\s*_[A-Za-z]\w*/,
  /\[\s*['"`]_[A-Za-z]/,
  /\bconnection\s*\.\s*stream\b/,
  /\bmapResultRow\b/,
  /\bcustomResultMapper\b/,
  /\bjoinsNotNullableMap\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('no library internals in apps/server/src', () => {
  it('no file reads or patches a private field of a library', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // Comments may name what the code does not do.
          const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
          if (PRIVATE.some((pattern) => pattern.test(code))) found.push(`${relative(SRC, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('would see one: the patterns match what the server once did', () => {
    const once = [
      'const stream = (client as any).connection.stream;',
      'client._runExclusiveTransaction = wrapped;',
      "prepared['_fields'] = x;",
      'prepared.customResultMapper = rowMapper(fields);',
    ];
    for (const line of once) expect(PRIVATE.some((pattern) => pattern.test(line)), line).toBe(true);
  });
});
