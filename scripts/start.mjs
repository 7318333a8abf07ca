// `npm start`: build only when a build input changed since the last build, then serve.
// The inputs' contents are hashed (not their times: a checkout rewrites times), and the hash is
// stored next to the server bundle, which every build rewrites. A restart with nothing changed
// starts the server at once instead of spending half a minute in Vite and esbuild.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'apps/server/dist/build-inputs.sha256');
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];
const inputs = [
  'package-lock.json',
  'packages/contract',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/preact-aliases.ts',
  'apps/web/tsconfig.json',
];

function* files(path) {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    yield* files(join(path, entry.name));
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const current = inputsHash();
const built =
  outputs.every((file) => existsSync(join(root, file))) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8').trim() === current;

if (built) {
  console.log('The build is current: starting the server without rebuilding.');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}

// In this process, not a child: the server gets Ctrl-C and SIGTERM itself, once, and drains.
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
