import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/web/dist, found from this module whether it runs from src/ (tsx, vitest) or from the
 * bundled dist/main.js: walk up to the server package, then across to the web package.
 */
export function defaultWebDistDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && readPackageName(pkg) === '@iddesk/server') {
      return resolve(dir, '../web/dist');
    }
    const parent = dirname(dir);
    if (parent === dir) return resolve('apps/web/dist');
    dir = parent;
  }
}

function readPackageName(file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
