import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/lib/server-node-flags.mjs';

const ROOT = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const scripts = (path: string) => (JSON.parse(read(path)) as { scripts: Record<string, string> }).scripts;

describe('node flags of the production server', () => {
  it('are the same in the image, npm start and npm run serve as in the tools that measure it', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('deploy/Dockerfile'));
    expect(cmd, 'deploy/Dockerfile has a CMD').not.toBeNull();
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']);
    const command = (script: string) => ['node', ...SERVER_NODE_FLAGS, script].join(' ');
    expect(scripts('package.json').start).toBe(command('scripts/start.mjs'));
    expect(scripts('package.json').serve).toBe(command('apps/server/dist/main.js'));
    expect(scripts('apps/server/package.json').start).toBe(command('dist/main.js'));
  });
});
