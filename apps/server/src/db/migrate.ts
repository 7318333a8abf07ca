import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The committed SQL migrations. Next to this module in src/db (tsx, vitest); next to
 * main.js in the bundled dist, where build.mjs copies them.
 */
export function migrationsFolder(): string {
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  if (!existsSync(folder)) {
    throw new Error(
      `Migrations folder not found at ${folder}. Rebuild the server (npm run build).`,
    );
  }
  return folder;
}
