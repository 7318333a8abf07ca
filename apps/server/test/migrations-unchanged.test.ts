import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A migration applied on a real deployment is never run again: editing its file after commit
 * changes nothing there, and every database made afterwards differs from the old ones without
 * anyone noticing. `src/db/migrations.sha256` holds the SHA-256 of every committed migration
 * (the format of `sha256sum`, so `cd src/db/migrations && sha256sum -c ../migrations.sha256`
 * checks it too); a new migration appends its line.
 */
const serverRoot = resolve(import.meta.dirname, '..');
const folder = join(serverRoot, 'src/db/migrations');
const listFile = join(serverRoot, 'src/db/migrations.sha256');

function committedList(): Map<string, string> {
  const list = new Map<string, string>();
  for (const line of readFileSync(listFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const match = /^([0-9a-f]{64}) [ *](\S+\.sql)$/.exec(line);
    if (!match) throw new Error(`${listFile}: not a "<sha256>  <file>" line: ${line}`);
    list.set(match[2]!, match[1]!);
  }
  return list;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(join(folder, file))).digest('hex');

describe('committed migrations', () => {
  it('keep the content they were committed with', () => {
    const list = committedList();
    const changed = [...list]
      .filter(([file, hash]) => {
        try {
          return sha256(file) !== hash;
        } catch {
          return true;
        }
      })
      .map(([file]) => file);
    expect(
      changed,
      `${changed.join(', ')} changed or disappeared after commit. A committed migration may already ` +
        'have run on a deployment, which will never run it again: restore the file and add a new ' +
        'migration instead (npm run db:generate -w @iddesk/server, or drizzle-kit generate --custom).',
    ).toEqual([]);
  });

  it('are all in the list, in order, new ones appended', () => {
    const files = readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();
    const listed = [...committedList().keys()];
    const missing = files.filter((f) => !listed.includes(f));
    expect(
      missing,
      `Append a line for each new migration to src/db/migrations.sha256: ` +
        `(cd apps/server/src/db/migrations && sha256sum ${missing.join(' ')} >> ../migrations.sha256)`,
    ).toEqual([]);
    expect(listed, 'src/db/migrations.sha256 lists the migrations in their order').toEqual(files);
  });
});
