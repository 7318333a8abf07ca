// "req/s ≥ 2× today's in the same run" (issue 19, the deposit with a screenshot): the server as
// it was when the issue was filed (BASELINE_REF, the commit before issue 19's first change),
// built from git next to this one and measured with the same deposit row, on its own database
// of the same PostgreSQL cluster, right after the row on this code. Its own migrations run on
// its first start; its demo seed makes the payment type; customers register through its API.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../lib/server-node-flags.mjs';
import { startProcess } from './server-process';

/** The commit before "Bound image work" (9403723), the first change made for issue 19. */
export const BASELINE_REF = '54efff0';

export type Baseline = { ref: string; script: string };

/** Builds the server of `ref` into `dir` (its sources from `git archive`, this checkout's packages). */
export function buildBaseline(root: string, dir: string, ref = BASELINE_REF): Baseline {
  rmSync(dir, { recursive: true, force: true });
  const sources = join(dir, 'src');
  mkdirSync(sources, { recursive: true });
  const archive = spawnSync(
    'sh',
    [
      '-c',
      `git archive ${ref} apps/server packages/contract tsconfig.base.json | tar -x -C "${sources}"`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed`);
  const out = join(dir, 'server');
  const build = spawnSync(
    process.execPath,
    [join(sources, 'apps/server/build.mjs'), '--outdir', out],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`building the server of ${ref} failed`);
  return { ref, script: join(out, 'main.js') };
}

/**
 * The baseline server started on a new database `baseline` of the cluster, with `customers`
 * registered; `stop()` ends it.
 */
export async function startBaseline(options: {
  baseline: Baseline;
  clusterUrl: string;
  dataDir: string;
  env: Record<string, string>;
  port: number;
  logFile: string;
  customers: number;
}) {
  const admin = new pg.Client({ connectionString: options.clusterUrl });
  await admin.connect();
  await admin.query('drop database if exists baseline');
  await admin.query('create database baseline');
  await admin.end();
  const url = new URL(options.clusterUrl);
  url.pathname = '/baseline';
  const server = await startProcess({
    script: options.baseline.script,
    // Run as today's server runs, so the two rows differ by their code alone.
    nodeArgs: [...SERVER_NODE_FLAGS],
    env: {
      ...options.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
    },
    port: options.port,
    readyPath: '/api/health',
    logFile: options.logFile,
    timeoutMs: 120_000,
  });
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };
  const tokens: string[] = [];
  for (let i = 0; i < options.customers; i += 1) {
    const response = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Baseline Customer ${i}`,
        email: `baseline${i}@bench.iddesk.local`,
        phone: `+9188${String(i).padStart(8, '0')}`,
        password: 'bench-password-1',
        password_confirmation: 'bench-password-1',
      }),
    });
    const body = (await response.json()) as { data?: { api_token?: string } };
    if (!response.ok || !body.data?.api_token)
      throw new Error(`baseline register: ${response.status} ${JSON.stringify(body)}`);
    tokens.push(body.data.api_token);
  }
  const types = (await (await fetch(`${server.url}/api/payment_types`, { headers })).json()) as {
    data: { id: number }[];
  };
  const paymentTypeId = types.data[0]?.id;
  if (!paymentTypeId) throw new Error('the baseline server has no payment type');
  return { server, tokens, paymentTypeId };
}
