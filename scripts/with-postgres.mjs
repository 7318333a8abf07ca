#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL 15 cluster:
//   node scripts/with-postgres.mjs npx vitest run --project server
// The cluster lives in a temp dir, listens on 127.0.0.1 on a free port with trust auth and
// fsync off, and is removed afterwards (scripts/lib/postgres-cluster.mjs). The command sees
// TEST_DATABASE_URL and exits with its own code.
import { spawn } from 'node:child_process';
import { clusterUnavailableReason, startCluster } from './lib/postgres-cluster.mjs';

const command = process.argv.slice(2);

function die(message) {
  process.stderr.write(`with-postgres: ${message}\n`);
  process.exit(2);
}

if (command.length === 0) die('usage: node scripts/with-postgres.mjs <command> [args…]');
const unavailable = clusterUnavailableReason();
if (unavailable) die(unavailable);

let cluster;
let exitCode;
try {
  cluster = await startCluster();
  process.stderr.write(`with-postgres: PostgreSQL ready at ${cluster.url}\n`);

  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  });
  // Ctrl-C reaches the child through the terminal; we only wait, then clean up.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  exitCode = await new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`with-postgres: could not run ${command[0]}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (error) {
  process.stderr.write(`with-postgres: ${error.message}\n`);
  exitCode = 2;
} finally {
  cluster?.stop();
}
process.exit(exitCode);
