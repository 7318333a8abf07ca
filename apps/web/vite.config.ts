import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import prefresh from '@prefresh/vite';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nCatalogues } from './i18n-catalogues';
import { offlinePage } from './offline-page';
import { PREACT, PREACT_JSX } from './preact-aliases';
import type * as PagesModule from './src/app/routes/pages';

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

/**
 * `html` with `lines` inserted just before its `</head>`, which need not start a line:
 * vite-plugin-pwa writes its manifest link on the same line. (Matching `</head>` only at the
 * start of a line once dropped every page's preloads and the font's without a word: issue 17's
 * Lighthouse regression.) Throws rather than return the page without them.
 */
function beforeHead(html: string, lines: string): string {
  const out = html.replace(/\n?[ \t]*<\/head>/, `\n${lines}  </head>`);
  if (out === html) throw new Error('route-html: no </head> in index.html');
  return out;
}

/** The source file of a page module of pages.ts (`features/x/y`, from src/). */
function sourceFile(module: string): string {
  for (const ext of ['.tsx', '.ts']) {
    const file = fileURLToPath(new URL(`./src/${module}${ext}`, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`pages.ts: no src/${module}.tsx or .ts`);
}

const PAGES_FILE = fileURLToPath(new URL('./src/app/routes/pages.ts', import.meta.url));
let pagesModule: typeof PagesModule | undefined;

/**
 * The page table of src/app/routes/pages.ts, for the build. It is imported through Vite's
 * module runner, which transforms it (and the contract's TypeScript) and never follows its
 * lazy imports: the config's own loader would bundle every page into the config.
 */
function pagesTable(): Plugin {
  return {
    name: 'iddesk-pages-table',
    apply: 'build',
    async buildStart() {
      pagesModule ??= (await runnerImport<typeof PagesModule>(PAGES_FILE)).module;
    },
    buildEnd() {
      reach = sharedReach((id) => this.getModuleInfo(id), this.getModuleIds());
    },
  };
}

function pages(): typeof PagesModule {
  if (!pagesModule) throw new Error('pages.ts is not loaded: the pagesTable plugin runs first');
  return pagesModule;
}

/**
 * index.html with a preload of Inter's latin file, and dist/routes/<path>.html for every page
 * of pages.ts with a fixed path and its own chunk (not the entry's error pages, not the admin
 * pages a guest must not preload): index.html plus `modulepreload` links for that page's lazy
 * chunk and the chunks it imports. The server sends it for that path
 * (apps/server/src/plugins/app/web-app.ts), so a first load fetches the page's code alongside
 * the entry instead of after the entry has run and matched the route.
 */
function routeHtml(): Plugin {
  return {
    name: 'iddesk-route-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      // pages.ts names each page's module next to its lazy import: the two must agree.
      const imported = new Set(this.getModuleInfo(PAGES_FILE)?.dynamicallyImportedIds ?? []);
      const { PAGES, isFixedPath } = pages();
      const named = new Set(PAGES.map((p) => sourceFile(p.module)));
      const differ = [...imported, ...named].filter((f) => !imported.has(f) || !named.has(f));
      if (differ.length) {
        throw new Error(
          `route-html: pages.ts modules and lazy imports differ: ${differ.join(', ')}`,
        );
      }
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
      let count = 0;
      for (const page of PAGES) {
        if (!isFixedPath(page.path) || page.chunk === 'app' || page.guard === 'admin') continue;
        const moduleFile = sourceFile(page.module);
        const chunk = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId === moduleFile,
        );
        if (chunk?.type !== 'chunk') throw new Error(`route-html: no chunk for ${page.module}`);
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
          fileName: `routes${page.path}.html`,
          source: beforeHead(html, links),
        });
        count++;
      }
      if (count === 0) throw new Error('route-html: no page with a fixed path in pages.ts');
    },
  };
}

type Reach = {
  modules: Map<string, { kit: Set<string>; forms: Set<string> }>;
  /** How many `forms` pages pages.ts has. */
  formPages: number;
};

/**
 * For every module, the site pages (`kit` and `forms` pages of pages.ts) that reach it through
 * static imports, and their groups. Computed from the module graph once the build has loaded
 * every module (buildEnd), before Rolldown forms the chunks.
 */
function sharedReach(
  getModuleInfo: (id: string) => { importedIds: readonly string[]; isEntry: boolean } | null,
  moduleIds: Iterable<string>,
) {
  const closure = (starts: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next) || skip.has(next)) continue;
      seen.add(next);
      stack.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
    return seen;
  };
  // What the entry imports statically is the entry's (the `app` group), and so is what a page
  // reaches only through it (the contract's index, whose unused re-exports the build drops).
  const initial = closure(
    [...moduleIds].filter((id) => getModuleInfo(id)?.isEntry),
    new Set(),
  );
  const modules: Reach['modules'] = new Map();
  const sitePages = pages().PAGES.filter((p) => p.chunk === 'kit' || p.chunk === 'forms');
  for (const page of sitePages) {
    const start = sourceFile(page.module);
    const seen = closure([start], initial);
    seen.delete(start);
    for (const m of seen) {
      const r = modules.get(m) ?? { kit: new Set(), forms: new Set() };
      r[page.chunk as 'kit' | 'forms'].add(page.module);
      modules.set(m, r);
    }
  }
  const formPages = new Set(sitePages.filter((p) => p.chunk === 'forms').map((p) => p.module)).size;
  return { modules, formPages };
}
let reach: Reach | undefined;

/**
 * The shared chunk group of a module, from pages.ts: a module that two or more site pages
 * reach, outside the entry, goes into `kit` when a `kit` page reaches it, else into `forms`
 * when most `forms` pages do. Left to the splitter, what pages share became a dozen 1–2 KB
 * chunks per page, and a phone on HTTP/1.1 (six connections) paid a round trip for every few
 * of them before the page could paint; `forms` keeps react-hook-form and the form kit off the
 * pages without a form. What only a few form pages share (the deposit's payment fields, an
 * ID's header, the confirmation dialog) stays out of `forms`: a chunk group is loaded whole,
 * with every chunk its modules import, so /login fetched the wallet's and the IDs' code with
 * it (157 KB of gzip JavaScript against /create_id's 80, `npm run size`). What only admin
 * pages share stays in their chunks.
 */
function sharedGroup(id: string): 'kit' | 'forms' | null {
  if (!reach) throw new Error('chunk groups: the module graph was not read (pagesTable plugin)');
  const r = reach.modules.get(id);
  if (!r) return null;
  if (r.kit.size >= 2) return 'kit';
  if (r.kit.size === 0 && r.forms.size * 2 > reach.formPages) return 'forms';
  return null;
}

/**
 * The installable app (issue 17, docs/decisions/018): the web app manifest and a Workbox
 * service worker (`sw.js`). It precaches the app shell (entry script, CSS, the latin and rupee
 * fonts, the shared `kit` chunk, icons, the offline page) and caches other fingerprinted
 * assets as they load; a navigation always goes to the network (the server's per-page HTML is
 * never stale) and, when that fails, gets the offline page. /api is never cached. A new
 * version skips waiting and claims its pages (app/service-worker.ts reloads at the next
 * navigation). Registered by the app itself: no extra script in the first load.
 */
/** The contract's DEFAULT_SITE_NAME (the config cannot load the contract's TypeScript). */
const SITE_NAME = 'ID Desk';

function installableApp() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: [],
    manifest: {
      name: SITE_NAME,
      short_name: SITE_NAME,
      description: 'Request, fund and manage your IDs in one place.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The loader's and the header's colours: the splash screen leads into the loader.
      background_color: '#0b0e23',
      theme_color: '#312e81',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: [
        'offline.html',
        'offline.js',
        'favicon.svg',
        'icons/apple-touch-icon.png',
        'assets/index-*.{js,css}',
        'assets/kit-*.js',
        'assets/inter-latin-wght-normal-*.woff2',
        'assets/inter-rupee-wght-*.woff2',
      ],
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
        {
          // Fingerprinted: a name never changes content, so the cache can answer first.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'assets',
            expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 },
          },
        },
      ],
    },
  });
}

/**
 * The build's id, which the app writes on `<html data-build>` (main.tsx): VITE_BUILD_ID when set,
 * else the git commit the build was made from, else "dev" (a source tree without git). Support
 * reads which version a customer's page runs; shell.spec.ts sees a new version take over.
 */
function buildId(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'dev';
  }
}
process.env.VITE_BUILD_ID ??= buildId();

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * Fast Refresh on Preact in the dev server: an edited component updates in place and keeps its
 * state (e2e/fast-refresh.mjs proves it). In the build it only sets the JSX options.
 */
const fastRefresh = await prefresh();

export default defineConfig({
  plugins: [
    i18nCatalogues(),
    fastRefresh,
    tailwindcss(),
    pagesTable(),
    routeHtml(),
    offlinePage(),
    precompress(),
    installableApp(),
  ],
  oxc: { jsx: PREACT_JSX },
  resolve: {
    alias: [
      // Preact everywhere: dev server, build and component tests (decisions 013, 016).
      ...PREACT,
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
        // pages.ts imports the entry's own pages (`app`) lazily like the others, on purpose.
        if (
          log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
          pages()
            .PAGES.filter((p) => p.chunk === 'app')
            .some((p) => log.message.includes(`src/${p.module}.`))
        )
          return;
        handler(level, log);
      },
      output: {
        // Everything the entry imports statically in one chunk: a first load then fetches one
        // script instead of the entry and eight shared chunks, each a round trip on slow links.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // `kit` first: a `forms` module imports kit modules, and a group takes in what its
            // modules import unless an earlier group has them.
            { name: 'kit', test: (id) => sharedGroup(id) === 'kit', minShareCount: 2 },
            {
              name: 'forms',
              test: (id) => sharedGroup(id) === 'forms',
              minShareCount: 2,
              // Only what pages.ts puts in `forms`: what a form module imports and a page
              // without forms needs too stays out of it.
              includeDependenciesRecursively: false,
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
});
