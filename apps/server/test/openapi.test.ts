import { API } from '@iddesk/contract';
import { describe, expect, it } from 'vitest';
import { get, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

describe('OpenAPI', () => {
  it('GET /api/openapi.json lists every route with its method, generated from the zod schemas', async () => {
    const res = await get(ctx.app, '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    type JsonSchema = { properties?: Record<string, unknown>; additionalProperties?: boolean };
    type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } };
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const expected: Array<[string, string]> = [
      [API.register, 'post'],
      [API.login, 'post'],
      [API.logout, 'post'],
      [API.exists, 'post'],
      [API.passport, 'post'],
      [API.updateUser, 'post'],
      [API.updatePassword, 'post'],
      [API.marque, 'get'],
      [API.adminMarque, 'post'],
    ];
    for (const [path, method] of expected) {
      expect(doc.paths[`/api${path}`]?.[method], `${method} /api${path}`).toBeDefined();
    }
    // Documentation routes stay out of the document.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);

    const register =
      doc.paths['/api/auth/register']!.post!.requestBody!.content['application/json']!.schema;
    expect(register.properties).toHaveProperty('password_confirmation');
    expect(register.additionalProperties).toBe(false);
  });

  it('the reference page is served at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
