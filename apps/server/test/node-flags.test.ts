import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/lib/server-node-flags.mjs';

const ROOT = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const scripts = (path: string) => (JSON.parse(read(path)) as { scripts: Record<string, string> }).scripts;

describe('node flags of the production server', () => {
  it('are the same in the image, npm start and npm run serve as in the tools that measure it', () => {
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    const cmd = /^CMD (\[.*\])$/m.exec(read('deploy/Dockerfile'));
    expect(cmd, 'deploy/Dockerfile has a CMD').not.toBeNull();
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']);
    expect(scripts('package.json').start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(scripts('package.json').serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
    expect(scripts('apps/server/package.json').start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
  });

  it('are flags this node accepts', () => {
    // NODE_OPTIONS refuses what node does not know; a typo would stop the server at start.
    for (const flag of SERVER_NODE_FLAGS) expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]!)).toBe(true);
  });
});
