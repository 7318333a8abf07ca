import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRequest } from '../src/errors/request-validation';
import { t } from '../src/lib/i18n';

/**
 * errors/request-validation.ts parseRequest: zod's fast path for what passes, and our wording
 * (requestErrorMap) for what fails, as if the map had been given to every parse.
 */
const schema = z.strictObject({ id: z.coerce.number().int().min(0, 'own message'), name: z.string() });

describe('parseRequest', () => {
  it('answers the parsed value (coerced) when the data passes', () => {
    const result = parseRequest(schema, { id: '42', name: 'Asha' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ id: 42, name: 'Asha' });
  });

  it('words a missing or wrongly typed field with our map, and keeps a message the schema gives', () => {
    const result = parseRequest(schema, { id: -1, name: 7 });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      id: 'own message',
      name: t('validation.field.type', { field: 'name', type: 'string' }),
    });
    const missing = parseRequest(schema, { id: 1 });
    expect(missing.error!.issues.map((issue) => issue.message)).toEqual([t('validation.field.required', { field: 'name' })]);
    // Not zod's own wording.
    expect(missing.error!.issues[0]!.message).not.toMatch(/expected string/i);
  });
});
