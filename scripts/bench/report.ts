// The benchmark's table and budget verdicts, as written to docs/performance.md.
import { table } from '../lib/perf-doc.mjs';
import type { LoadResult } from './load';

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export type Driver = 'pglite' | 'postgres';
export type Row = { driver: Driver; name: string; result: LoadResult; ratio: number };
export type DriverResult = {
  rows: Row[];
  startMs: number;
  hwm: number;
  seedSeconds: number;
  counts: Record<string, number>;
};
export type RunSettings = { connections: number; warmup: number; seconds: number };

/** The Markdown of a run: the table, then each budget (issues 8 and 19) met or missed. */
export function report(results: Map<Driver, DriverResult>, machine: string, run: RunSettings) {
  const rows = [...results.values()].flatMap((r) => r.rows);
  const body = table(
    [
      'database',
      'call',
      'req/s',
      'ratio to ceiling',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'errors',
      'peak RSS MiB',
      'server CPU ms/req',
      'PostgreSQL CPU ms/req',
    ],
    rows.map((r) => [
      r.name.startsWith('bare') ? '–' : r.driver,
      r.name,
      fmt(r.result.reqPerSec),
      fmt(r.ratio, 2),
      fmt(r.result.p50),
      fmt(r.result.p99),
      String(r.result.non2xx),
      String(r.result.errors),
      r.name.startsWith('bare') ? '–' : fmt(r.result.peakRssMiB),
      fmt(r.result.serverCpuMs, 2),
      r.result.dbCpuMs === null ? '–' : fmt(r.result.dbCpuMs, 2),
    ]),
  );

  const checks: string[] = [];
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  for (const [driver, r] of results) {
    // Issue 19: the poll from memory.
    const min = driver === 'postgres' ? 0.6 : 0.5;
    for (const row of r.rows.filter((x) => x.name.includes('passport') || x.name.includes('top'))) {
      const ratioOk = row.ratio >= min;
      const p99Ok = driver === 'pglite' || row.result.p99 < 30;
      checks.push(
        `- ${driver} ${row.name}: ${fmt(row.ratio, 2)} of the ceiling (budget ≥ ${min})` +
          (driver === 'postgres'
            ? `, p99 ${fmt(row.result.p99)} ms (budget < 30)`
            : `, p99 ${fmt(row.result.p99)} ms`) +
          ` — ${mark(ratioOk && p99Ok)}`,
      );
    }
    if (driver === 'postgres') {
      for (const row of r.rows.filter((x) => /GET \/api\/(ids|reviews)/.test(x.name))) {
        checks.push(
          `- postgres ${row.name}: ${fmt(row.ratio, 2)} of the ceiling (budget ≥ 0.3), p99 ${fmt(row.result.p99)} ms (budget < 50) — ${mark(row.ratio >= 0.3 && row.result.p99 < 50)}`,
        );
      }
      for (const row of r.rows.filter((x) => x.name.includes('/api/withdraw ('))) {
        checks.push(
          `- postgres ${row.name}: ${fmt(row.ratio, 2)} of the ceiling (budget ≥ 0.04), p99 ${fmt(row.result.p99)} ms (budget < 100) — ${mark(row.ratio >= 0.04 && row.result.p99 < 100)}`,
        );
      }
      for (const row of r.rows.filter((x) => x.name.includes('add_funds'))) {
        checks.push(
          `- postgres ${row.name}: server CPU ${fmt(row.result.serverCpuMs, 2)} ms per call (budget ≤ 2.5) — ${mark(row.result.serverCpuMs <= 2.5)}`,
        );
      }
    }
    const pollRss = Math.max(
      ...r.rows
        .filter((x) => x.name.includes('passport') || x.name.includes('top'))
        .map((x) => x.result.peakRssMiB),
    );
    checks.push(
      `- ${driver}: start on the existing data dir ${fmt(r.startMs)} ms (budget < 3000) — ${mark(r.startMs < 3000)}`,
    );
    checks.push(
      `- ${driver}: peak RSS under the poll load ${fmt(pollRss)} MiB (budget < 300 MB) — ${mark(pollRss * 1.048576 < 300)}; ` +
        `whole run's high-water mark (VmHWM, login included) ${fmt(r.hwm)} MiB`,
    );
  }
  const seeded = [...results.entries()]
    .map(
      ([driver, r]) =>
        `${driver}: ${Object.entries(r.counts)
          .map(([t, n]) => `${n} ${t}`)
          .join(', ')} (seeded in ${fmt(r.seedSeconds, 1)} s)`,
    )
    .join('; ');

  return [
    `Measured ${machine}.`,
    '',
    `\`npm run bench\` — ${run.connections} connections, ${run.warmup} s warm-up then ${run.seconds} s per row, autocannon in the ` +
      'same machine as the server (they share the cores). PostgreSQL 15 with its stock settings ' +
      "(fsync and synchronous_commit on) and the server's pool of 10; the server at its default " +
      'log level (info; the poll routes log at warn). The bare ceiling is measured before the rows ' +
      "and again after each poll row; a poll row's ratio is to the mean of the two ceilings around it, " +
      'the other rows to the last ceiling before them. A 304 counts as non-2xx in autocannon; the ' +
      'add_funds row runs at 8 connections (the image queue holds 1 + 8). Rows: ' +
      seeded +
      '.',
    '',
    body,
    '',
    checks.join('\n'),
  ].join('\n');
}
