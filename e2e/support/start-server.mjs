// Starts the built server on a fresh data dir for one e2e run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-node-flags.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'iddesk-e2e-'));
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // The admin signs in with a password alone (the second-factor stories enrol their own).
    STAFF_SECOND_FACTOR: 'optional',
    // Many stories share one admin and one IP within a minute; the limits have their own tests.
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_AUTH_ACCOUNT_MAX: '10000',
    RATE_LIMIT_MONEY_MAX: '10000',
    RATE_LIMIT_MONEY_IP_MAX: '10000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
