/**
 * Writes the OpenAPI document of the real app, as GET /api/openapi.json serves it: buildApp on
 * an in-memory PGlite, never listening. `npm run lint:openapi` lints what this writes;
 * `npm run openapi:types` also rewrites the committed client types from it.
 *
 *   tsx scripts/openapi/write.ts [out.json] [--types]   (default .tmp/openapi.json)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { openPglite } from '../../apps/server/src/db/client';
import { clientTypes, CLIENT_TYPES_PATH } from './types';

const args = process.argv.slice(2);
const out = resolve(args.find((a) => !a.startsWith('--')) ?? '.tmp/openapi.json');
const scratch = mkdtempSync(join(tmpdir(), 'iddesk-openapi-'));
try {
  const { appKeyFromEnv: _unused, ...config } = parseEnv(
    { LOG_LEVEL: 'silent', DATA_DIR: join(scratch, 'data'), WEB_DIST_DIR: join(scratch, 'no-web') },
    scratch,
  );
  const database = await openPglite({});
  const app = await buildApp({ db: database.db, config: { ...config, appKey: randomBytes(32) } });
  try {
    await app.ready();
    const document = app.swagger();
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`OpenAPI document written to ${out}`);
    if (args.includes('--types')) {
      writeFileSync(resolve(CLIENT_TYPES_PATH), await clientTypes(document));
      console.log(`Client types written to ${CLIENT_TYPES_PATH}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
