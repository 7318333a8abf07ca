import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from './helpers/processes';

const run = promisify(execFile);
// The package's bin (its `exports` map does not name bin.cjs).
const drizzleKit = join(serverRoot, '../../node_modules/drizzle-kit/bin.cjs');
const committed = join(serverRoot, 'src/db/migrations');
const scratch = mkdtempSync(join(tmpdir(), 'iddesk-migrations-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file under a migrations folder with its content, to see what a generation changed. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length + 1)] = readFileSync(path, 'utf8');
  }
  return files;
}

describe('the committed migrations', () => {
  it('match the Drizzle schema: drizzle-kit generate has nothing to write', async () => {
    // Generate into a copy, so a missing migration fails the test and leaves the tree alone.
    const out = join(scratch, 'migrations');
    cpSync(committed, out, { recursive: true });
    // drizzle-kit reads --out relative to its working directory (an absolute path breaks it).
    const { stdout, stderr } = await run(
      process.execPath,
      [
        drizzleKit,
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/db/schema/index.ts',
        '--out',
        relative(serverRoot, out),
      ],
      // stdin closed: a question drizzle-kit would ask (a rename?) ends the run instead of waiting.
      { cwd: serverRoot, env: { PATH: process.env.PATH }, timeout: 60_000 },
    );
    // drizzle-kit exits 0 on some failures, so its own verdict must be in the output too.
    expect(`${stdout}${stderr}`).toContain('No schema changes');
    const added = Object.keys(filesOf(out)).filter((name) => !(name in filesOf(committed)));
    expect(
      added,
      `the schema changed without a migration; run npm run db:generate -w @iddesk/server\n${stdout}`,
    ).toEqual([]);
    expect(filesOf(out)).toEqual(filesOf(committed));
  });
});
