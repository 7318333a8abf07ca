#!/usr/bin/env node
// `npm run size`: the gzip size of the JavaScript and CSS a browser downloads on the first load
// of a page, from the production build, against the budget of issue 8. Fails over budget, or
// when a guest's set contains an admin chunk.
//
// The set of a page = the entry script of dist/index.html, its modulepreloaded and statically
// imported chunks, their CSS, plus the lazy route chunks (and their static imports) the page
// loads, named below by source module and looked up in the Vite manifest.
//
//   node scripts/size.mjs              build into .tmp/size/web, then measure
//   node scripts/size.mjs --dist DIR   measure an existing build (needs .vite/manifest.json)
//   node scripts/size.mjs --record     also write the table to docs/performance.md
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { machineLine, table, writeSection } from './lib/perf-doc.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = { js: 80 * 1024, css: 25 * 1024 };

/**
 * What each measured page loads lazily on top of the entry, by source path in the manifest.
 * Keep in step with apps/web/src/app/routes/pages.ts (each page's `module`) and with anything the
 * shell imports lazily on every load: a name missing from the manifest fails the run.
 */
const PAGES = [
  {
    name: '/create_id (guest)',
    guest: true,
    budget: true,
    lazy: ['src/features/ids/components/create-id-list-page.tsx'],
  },
  {
    // No budget of its own; its row shows what a form costs on top of the shell (vite.config.ts
    // sharedGroup: the `forms` group holds what most form pages share).
    name: '/login (guest)',
    guest: true,
    budget: false,
    lazy: ['src/features/auth/components/login-page.tsx'],
  },
  {
    name: '/my_ids (signed in)',
    guest: false,
    budget: false,
    lazy: ['src/features/ids/components/my-ids-page.tsx'],
  },
];

/** Chunks only admins may need; a guest downloading one is a failure. */
const ADMIN_SOURCES = [
  /^src\/features\/[\w-]+\/admin\//,
  /^src\/features\/staff\//,
  /^src\/app\/routes\/(admin|content-admin)-pages/,
];

const { values: args } = parseArgs({
  options: { dist: { type: 'string' }, record: { type: 'boolean', default: false } },
});

function build(outDir) {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: join(ROOT, 'apps/web'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

const dist = args.dist ? resolve(args.dist) : join(ROOT, '.tmp/size/web');
if (!args.dist) build(dist);
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  throw new Error(
    `${manifestFile} is missing: build with build.manifest on (apps/web/vite.config.ts)`,
  );
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const byFile = new Map(
  Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]),
);

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

/** Add a chunk, its static imports and its CSS (not its dynamic imports). */
function addChunk(key, files, sources) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  if (chunk.src) sources.add(chunk.src);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) addChunk(imported, files, sources);
}

function initialSet() {
  const files = new Set();
  const sources = new Set();
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+\.(?:js|css))"/g)];
  for (const [, file] of refs) {
    const chunk = byFile.get(file);
    if (chunk) addChunk(chunk.key, files, sources);
    else files.add(file);
  }
  return { files, sources };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [];
const failures = [];
for (const page of PAGES) {
  const { files, sources } = initialSet();
  for (const source of page.lazy) addChunk(source, files, sources);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const css = [...files].filter((f) => f.endsWith('.css'));
  const jsBytes = js.reduce((sum, f) => sum + gzipSize(f), 0);
  const cssBytes = css.reduce((sum, f) => sum + gzipSize(f), 0);
  rows.push({ page, js, css, jsBytes, cssBytes });

  if (page.budget && jsBytes > BUDGET.js) {
    failures.push(`${page.name}: ${kb(jsBytes)} KB gzip JavaScript, budget ${kb(BUDGET.js)} KB`);
  }
  if (page.budget && cssBytes > BUDGET.css) {
    failures.push(`${page.name}: ${kb(cssBytes)} KB gzip CSS, budget ${kb(BUDGET.css)} KB`);
  }
  if (page.guest) {
    const admin = [...sources].filter((s) => ADMIN_SOURCES.some((re) => re.test(s)));
    if (admin.length)
      failures.push(`${page.name}: a guest downloads admin code (${admin.join(', ')})`);
  }
}

/** The biggest files by name, the rest as a count: enough to see what a change moved. */
function largest(files) {
  const sorted = [...files].sort((a, b) => gzipSize(b) - gzipSize(a));
  const named = sorted.slice(0, 5).map((f) => `${f.replace(/^assets\//, '')} ${kb(gzipSize(f))}`);
  const rest = sorted.slice(5);
  if (rest.length)
    named.push(`${rest.length} more ${kb(rest.reduce((n, f) => n + gzipSize(f), 0))}`);
  return named.join(', ');
}

const summary = table(
  ['page', 'JS gzip KB', 'CSS gzip KB', 'budget', 'largest files (gzip KB)'],
  rows.map(({ page, js, css, jsBytes, cssBytes }) => [
    page.name,
    kb(jsBytes),
    kb(cssBytes),
    page.budget ? `≤ ${kb(BUDGET.js)} JS, ≤ ${kb(BUDGET.css)} CSS` : '–',
    largest([...js, ...css]),
  ]),
);
const markdown = [
  `Measured ${machineLine()}.`,
  '',
  '`npm run size` — gzip -9 of each file of the production build a first load downloads ' +
    '(entry, modulepreloads, static imports, CSS, and the route chunks of the page). Fonts ' +
    'and images are not counted.',
  '',
  summary,
  '',
  failures.length
    ? failures.map((f) => `- **over budget** ${f}`).join('\n')
    : "- Within budget; no admin chunk in a guest's set.",
].join('\n');

process.stdout.write(`${markdown}\n`);
if (args.record) writeSection('size', markdown);
if (failures.length) process.exit(1);
