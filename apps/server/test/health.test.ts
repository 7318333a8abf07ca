import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, get, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

describe('health', () => {
  it('GET /api/health/live answers ok without touching the database', async () => {
    const res = await get(ctx.app, '/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).not.toBe('close');
    expect(res.json()).toEqual({ message: null, data: { status: 'ok' } });
  });

  it('GET /api/health/ready and its alias GET /api/health answer ok after a database round trip', async () => {
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ message: null, data: { status: 'ok' } });
    }
  });

  it('runs on the database the suite was asked for', () => {
    // The same files run on PGlite and, with TEST_DATABASE_URL, on a real PostgreSQL.
    expect(ctx.database.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('readiness turns 503', () => {
  it('while the server drains: ready and its alias are 503 with Retry-After, live stays 200', async () => {
    const draining = await createTestApp();
    try {
      draining.app.lifecycle.startDraining();
      for (const url of ['/api/health/ready', '/api/health']) {
        const res = await get(draining.app, url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json()).toEqual({
          message: 'This server is shutting down.',
          data: null,
          code: 'SERVICE_UNAVAILABLE',
          request_id: res.headers['x-request-id'],
        });
      }
      expect((await get(draining.app, '/api/health/live')).statusCode).toBe(200);
      // Ordinary calls are still served, each telling the client not to reuse the connection.
      const served = await get(draining.app, '/api/settings');
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
    } finally {
      await draining.close();
    }
  });

  it('when the file store cannot be reached', async () => {
    const broken = await createTestApp();
    try {
      // The uploads root is a file: the store can neither create nor use it.
      mkdirSync(broken.config.dataDir, { recursive: true });
      writeFileSync(join(broken.config.dataDir, 'uploads'), 'not a directory');
      const res = await get(broken.app, '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({
        message: 'The file store cannot be reached.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect((await get(broken.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
