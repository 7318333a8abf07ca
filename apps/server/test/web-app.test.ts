import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT_MESSAGE } from '../src/plugins/app/web-app';
import { createTestApp, get, type TestContext } from './helpers/test-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script></body></html>';

/** The build's copy of index.html for /reviews, with that page's code preloaded. */
const REVIEWS = INDEX.replace(
  '<body>',
  '<head><link rel="modulepreload" href="/assets/reviews-page-3c4d.js"></head><body>',
);

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'iddesk-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("app")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"ID Desk"}');
  mkdirSync(join(dir, 'routes'));
  writeFileSync(join(dir, 'routes', 'reviews.html'), REVIEWS);
  return dir;
}

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST_DIR: fakeWebBuild() });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('SPA fallback: a client route such as /profile gets index.html, revalidated on every load', async () => {
    for (const url of ['/profile', '/my_ids/3/deposit', '/', '/login?next=%2Fprofile']) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a page the build made its own HTML for gets it (its code preloaded), trailing slash or query alike', async () => {
    for (const url of ['/reviews', '/reviews/', '/reviews?page=2']) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(REVIEWS);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get(ctx.app, '/reviews/3')).body).toBe(INDEX);
  });

  it('issue 17: the service worker and the manifest are revalidated on every load, so a new version is found at once', async () => {
    const sw = await get(ctx.app, '/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get(ctx.app, '/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('fingerprinted assets are cached for a year; other files are revalidated', async () => {
    const asset = await get(ctx.app, '/assets/app-1a2b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get(ctx.app, '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const res = await get(ctx.app, '/assets/gone-9z9z.js');
    expect(res.statusCode).toBe(404);
  });

  it('unknown /api paths stay JSON 404s', async () => {
    const res = await get(ctx.app, '/api/not-a-route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', data: null, code: 'NOT_FOUND' });
  });
});

describe('without a web build', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('pages explain how to build instead of crashing; the API still works', async () => {
    const page = await get(ctx.app, '/profile');
    expect(page.statusCode).toBe(503);
    expect(page.body).toBe(NOT_BUILT_MESSAGE);
    expect(page.body).toContain('npm run build');
    expect((await get(ctx.app, '/api/marque')).statusCode).toBe(200);
  });
});
