// The server the crash and scale-out tests run: built from the current sources into
// .tmp/<test>/server (apps/server's build with --outdir, so a running apps/server/dist is left
// alone), or apps/server/dist/main.js as it is with `noBuild`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The built main.js; `usage` ends the test with its own message when there is none. */
export function buildServer(test: string, noBuild: boolean, usage: (m: string) => never): string {
  if (noBuild) {
    const dist = join(ROOT, 'apps/server/dist/main.js');
    if (!existsSync(dist))
      usage('--no-build: apps/server/dist/main.js does not exist; run npm run build');
    return dist;
  }
  const out = join(ROOT, '.tmp', test, 'server');
  const result = spawnSync(process.execPath, ['apps/server/build.mjs', '--outdir', out], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) usage('the server build failed');
  return join(out, 'main.js');
}
