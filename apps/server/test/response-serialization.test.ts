import { BillSchema, envelope, paginated } from '@iddesk/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { convertsNothing, responseSerializerCompiler } from '../src/errors/response-serialization';

// Issue 19: answers are checked against their contract schema by a zod parse when the schema
// converts nothing (zod's encode costs 2.6 times as much), by an encode otherwise.

/** A Fastify app with the server's response compiler and one route answering `answer`. */
async function answering(schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  return app;
}

const when = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

describe('response serialization', () => {
  it('reads the staff bills page as converting nothing (parsed, not encoded)', () => {
    expect(convertsNothing(envelope(paginated(BillSchema)))).toBe(true);
  });

  it('finds a conversion wherever it sits: codec, transform, default, catch, readonly, lazy', () => {
    const inside = (part: z.ZodType) => z.object({ items: z.array(z.object({ a: z.string().nullable(), b: part.optional() })) });
    expect(convertsNothing(inside(z.number().int().max(3)))).toBe(true);
    expect(convertsNothing(inside(when))).toBe(false);
    expect(convertsNothing(inside(z.string().transform((s) => s.length)))).toBe(false);
    expect(convertsNothing(inside(z.string().default('x')))).toBe(false);
    expect(convertsNothing(inside(z.string().catch('x')))).toBe(false);
    expect(convertsNothing(inside(z.string().readonly()))).toBe(false);
    expect(convertsNothing(z.union([z.string(), z.tuple([z.number()], when)]))).toBe(false);
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(convertsNothing(tree)).toBe(true);
    const dated: z.ZodType = z.lazy(() => z.object({ at: when, next: dated.optional() }));
    expect(convertsNothing(dated)).toBe(false);
  });

  it('sends a plain schema’s answer checked and stripped to its fields', async () => {
    const app = await answering(z.object({ id: z.number().int(), name: z.string() }), { id: 1, name: 'a', secret: 'x' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, name: 'a' });
    await app.close();
  });

  it('answers 500 for an answer outside a plain schema (a check failing included)', async () => {
    for (const answer of [{ id: 1.5, name: 'a' }, { id: 1 }, { id: '1', name: 'a' }]) {
      const app = await answering(z.object({ id: z.number().int(), name: z.string() }), answer);
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode, JSON.stringify(answer)).toBe(500);
      await app.close();
    }
  });

  it('still encodes a schema with a codec: the server’s value goes out as the wire form', async () => {
    const app = await answering(z.object({ at: when }), { at: new Date('2026-11-26T10:00:00.000Z') });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-11-26T10:00:00.000Z' });
    await app.close();
  });
});
