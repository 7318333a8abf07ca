import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { type ErrorBody, ErrorBodySchema } from '@iddesk/contract';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { clientTypes, CLIENT_TYPES_PATH } from '../../../scripts/openapi/types';
import type { components, paths } from './generated/api';
import { createTestApp, newUserDetails, type TestContext } from './helpers/test-app';

/**
 * Issue 14: a client generated from the OpenAPI document — openapi-typescript's types, which
 * are committed and must match a fresh generation, driven by openapi-fetch — calls the real
 * app on a loopback port. The calls compile only if the document names their paths, bodies
 * and answers; an error answer is typed as the envelope.
 */
type GeneratedErrorBody = components['schemas']['ErrorBody'];

let ctx: TestContext;
let baseUrl: string;
let client: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  client = createClient<paths>({ baseUrl, headers: { accept: 'application/json' } });
});
afterAll(async () => {
  await ctx?.close();
});

describe('a client generated from the OpenAPI document', () => {
  it('the committed types are what openapi-typescript makes of the served document', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as object;
    const committed = readFileSync(resolve(import.meta.dirname, '../../..', CLIENT_TYPES_PATH), 'utf8');
    expect(await clientTypes(document), 'stale: run `npm run openapi:types`').toBe(committed);
  });

  it('registers, logs in and reads the passport with typed calls', async () => {
    const details = newUserDetails();
    const registered = await client.POST('/api/auth/register', { body: details });
    expect(registered.response.status, JSON.stringify(registered.error)).toBe(200);
    expect(registered.data?.data.type).toBe('user');

    const loggedIn = await client.POST('/api/auth/login', {
      body: { login: details.email, password: details.password },
    });
    expect(loggedIn.response.status).toBe(200);
    // A customer without a second factor gets the token at once (else a challenge).
    const result = loggedIn.data!.data;
    const token = 'api_token' in result ? result.api_token : '';
    expect(token).toMatch(/\S{20,}/);

    const passport = await client.POST('/api/user/passport', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(passport.response.status).toBe(200);
    expectTypeOf(passport.data!.data.email).toEqualTypeOf<string>();
    expect(passport.data?.data).toMatchObject({ email: details.email, name: details.name, type: 'user' });
  });

  it('a 422 comes back as the typed envelope, naming the field', async () => {
    const details = newUserDetails({ password_confirmation: 'something else entirely' });
    const { data, error, response } = await client.POST('/api/auth/register', { body: details });
    expect(response.status).toBe(422);
    expect(data).toBeUndefined();
    if (!error) throw new Error('no error body');
    expectTypeOf(error.message).toEqualTypeOf<string>();
    expectTypeOf(error.errors).toEqualTypeOf<GeneratedErrorBody['errors']>();
    // The generated envelope is the contract's: one is assignable to the other.
    expectTypeOf<GeneratedErrorBody>().toExtend<ErrorBody>();
    const body: ErrorBody = ErrorBodySchema.parse(error);
    expect(body.code).toBe('VALIDATION');
    expect(error.errors?.password_confirmation?.[0]).toBe('The password confirmation does not match.');
  });

  it('a 401 comes back as the typed envelope', async () => {
    const { data, error, response } = await client.POST('/api/user/passport', {
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    if (!error) throw new Error('no error body');
    expectTypeOf(error.message).toEqualTypeOf<string>();
    expectTypeOf(error.code).toEqualTypeOf<GeneratedErrorBody['code']>();
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(ErrorBodySchema.parse(error)).toMatchObject({ code: 'UNAUTHENTICATED', data: null });
  });
});
