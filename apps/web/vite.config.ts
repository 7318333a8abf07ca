import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { ROUTES } from '../../packages/contract/src/routes';
import { PREACT } from './preact-aliases';

/**
 * Brotli and gzip copies of every text file next to it, made once at build time at the
 * strongest settings; the server sends them as they are (@fastify/static preCompressed), so
 * no request pays for compressing an asset.
 */
function precompress(): Plugin {
  return {
    name: 'iddesk-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = join(options.dir!, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** `html` with `lines` inserted just before its `</head>`. */
const beforeHead = (html: string, lines: string) =>
  html.replace(/^[ \t]*<\/head>/m, (head) => lines + head);

/**
 * index.html with a preload of Inter's latin file, and dist/routes/<path>.html for every page
 * of site-routes.tsx with a fixed path: index.html plus `modulepreload` links for that page's
 * lazy chunk and the chunks it imports. The server sends it for that path
 * (apps/server/src/plugins/app/web-app.ts), so a first load fetches the page's code alongside
 * the entry instead of after the entry has run and matched the route.
 */
function routeHtml(): Plugin {
  const routesFile = fileURLToPath(new URL('./src/app/routes/site-routes.tsx', import.meta.url));
  return {
    name: 'iddesk-route-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route-html: no index.html in the bundle');
      // Inter's latin file, preloaded: the static loader's wordmark needs it for the first
      // paint, and without the hint the browser finds it only after the CSS has loaded and
      // the page has been laid out.
      const font = Object.keys(bundle).find((f) =>
        /inter-latin-wght-normal-[\w-]+\.woff2$/.test(f),
      );
      if (!font) throw new Error('route-html: no Inter latin font in the bundle');
      const html = beforeHead(
        String(index.source),
        `    <link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>\n`,
      );
      index.source = html;
      const routes: Record<string, unknown> = ROUTES;
      // `path: path(ROUTES.login),` then `lazy: page(() => import('…'), …)` in the same object.
      const pattern = /path: path\(ROUTES\.(\w+)\),\s*lazy: page\(\s*\(\) => import\('([^']+)'\)/g;
      const source = readFileSync(routesFile, 'utf8');
      let count = 0;
      for (const [, key, specifier] of source.matchAll(pattern)) {
        const path = routes[key!];
        if (typeof path !== 'string') continue;
        const moduleFile = resolve(dirname(routesFile), `${specifier}.tsx`);
        const chunk = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId === moduleFile,
        );
        if (chunk?.type !== 'chunk') throw new Error(`route-html: no chunk for ${specifier}`);
        const files = new Set<string>();
        const add = (name: string) => {
          const c = bundle[name];
          if (c?.type !== 'chunk' || files.has(name) || html.includes(`/${name}"`)) return;
          files.add(name);
          c.imports.forEach(add);
        };
        add(chunk.fileName);
        const links = [...files]
          .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`)
          .join('');
        this.emitFile({
          type: 'asset',
          fileName: `routes${path}.html`,
          source: beforeHead(html, links),
        });
        count++;
      }
      if (count === 0) throw new Error('route-html: no page route found in site-routes.tsx');
    },
  };
}

/**
 * What two or more site pages share (the UI kit's primitives, money and date formatting, the
 * domains' customer query hooks — `features/<x>/api`, not the staff ones in `<x>/admin/api` or
 * `features/staff` — the contract's zod-free modules and the icons) in one `kit` chunk.
 * Left to the splitter they became a dozen 1–2 KB chunks per page, and a phone on HTTP/1.1
 * (six connections) paid a round trip for every few of them before the page could paint.
 */
const SHARED_KIT =
  /\/src\/components\/ui\/(card|list-states|page-heading|item-logo|external-link|status-badge|pagination|info-panel|list-card|spinner|surface)\.tsx$|\/src\/lib\/money\.ts$|\/src\/features\/(?!staff\/)[\w-]+\/api\/|\/node_modules\/lucide-react\/dist\/esm\/icons\//;

/**
 * What the form pages share (zod, react-hook-form, the contract's schemas, the fields, the
 * action hook) in one chunk that only form pages load, for the same reason.
 */
const SHARED_FORMS =
  /\/node_modules\/(zod|react-hook-form|@hookform)\/|\/node_modules\/@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver|mutation)\.js$|\/src\/lib\/(zod-browser|use-action|form-errors)\.ts$|\/src\/components\/ui\/(text-field|text-area|form-alert)\.tsx$|\/src\/features\/auth\/components\/auth-card\.tsx$/;

const isContract = (id: string) => /\/packages\/contract\/src\/[\w-]+\.ts$/.test(id);
const importsZod = (id: string) => /from 'zod'/.test(readFileSync(id, 'utf8'));
/** A contract module that builds zod schemas: `forms`. */
const isContractSchema = (id: string) => isContract(id) && importsZod(id);
/** A zod-free contract module (paths, constants, value lists): `kit`. */
const isContractValues = (id: string) => isContract(id) && !importsZod(id);

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), routeHtml(), precompress()],
  resolve: {
    alias: [
      // Preact in the build (and the component tests); the dev server keeps React DOM, whose
      // Fast Refresh updates an edited component in place (it does nothing on Preact).
      ...(command === 'build' ? PREACT : []),
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-browser.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // CSP is script-src 'self': keep everything in external files.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // scripts/size.mjs reads the chunk graph from it to measure a first load.
    manifest: true,
    rolldownOptions: {
      // A domain's index.ts only re-exports (its public surface for other domains): importing
      // it must not pull in, or make a chunk for, the parts of it the importer does not use.
      treeshake: {
        moduleSideEffects: [{ test: /\/src\/features\/[\w-]+\/index\.ts$/, sideEffects: false }],
      },
      // React Router looks React 19's useOptimistic up and falls back when it is missing, as it
      // is in preact/compat (decision 013).
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      output: {
        // Everything the entry imports statically in one chunk: a first load then fetches one
        // script instead of the entry and eight shared chunks, each a round trip on slow links.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'kit',
              test: (id) => SHARED_KIT.test(id) || isContractValues(id),
              minShareCount: 2,
            },
            {
              name: 'forms',
              test: (id) => SHARED_FORMS.test(id) || isContractSchema(id),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
}));
