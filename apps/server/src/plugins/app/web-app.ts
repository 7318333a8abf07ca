import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../../errors/app-errors';
import { toErrorResponse } from '../../errors/error-handler';

export const NOT_BUILT_MESSAGE =
  'The ID Desk web app has not been built yet. Run `npm run build` (or `npm start`), then reload.';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The build's per-page HTML (apps/web/vite.config.ts `routeHtml`): `routes/create_id.html` is
 * index.html plus modulepreload links for that page's code. Page path → file under the dist.
 */
function routePages(webDistDir: string): Map<string, string> {
  const dir = join(webDistDir, 'routes');
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const file = relative(webDistDir, join(dir, entry)).split(sep).join('/');
    pages.set(`/${entry.slice(0, -'.html'.length).split(sep).join('/')}`, file);
  }
  return pages;
}

/**
 * Serves the built web app next to the API on one port. Vite fingerprints everything under
 * /assets, so those are cached for a year; index.html is revalidated on every load so a new
 * deploy is picked up at once. Client routes (/profile, /my_ids/3) fall back to index.html, or
 * to the page's own copy of it when the build made one.
 */
export default fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    const built = existsSync(join(webDistDir, 'index.html'));
    const assetsDir = join(webDistDir, 'assets') + sep;
    const pages = built ? routePages(webDistDir) : new Map<string, string>();

    if (built) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        // The web build writes .br and .gz next to each text file (apps/web/vite.config.ts).
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          void reply.header(
            'cache-control',
            filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(`No web build in ${webDistDir}; pages answer with a hint to run npm run build.`);
    }

    // Not async and returning nothing on purpose: returning the reply would make Fastify await
    // it as a thenable on top of @fastify/static's own awaits, piling up listeners per request.
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(path) &&
        // A missing fingerprinted file is a real 404, not a page.
        !path.startsWith('/assets/');
      if (!isPage) {
        const { status, body } = toErrorResponse(new NotFoundError());
        void reply.status(status).send(body);
      } else if (!built) {
        void reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
      } else {
        void reply.sendFile(pages.get(path.replace(/(.)\/$/, '$1')) ?? 'index.html');
      }
    });
  },
  { name: 'web-app' },
);
