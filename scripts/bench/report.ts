// The benchmark's table and budget verdicts, as written to docs/performance.md.
import { table } from '../lib/perf-doc.mjs';
import { FLOOD_CONNECTIONS, type FloodResult } from './flood';
import type { LoadResult } from './load';
import { DEPOSIT_WARMUP } from './scenarios';

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export type Driver = 'pglite' | 'postgres';
export type Row = {
  driver: Driver;
  name: string;
  result: LoadResult;
  ratio: number;
  /** The row this one repeats on the server before issue 19. */
  baselineOf?: string;
};
export type DriverResult = {
  rows: Row[];
  startMs: number;
  hwm: number;
  /** Resident memory right after the start on the seeded data, before any load. */
  idleRssMiB: number;
  flood?: FloodResult | undefined;
  seedSeconds: number;
  counts: Record<string, number>;
};
export type RunSettings = { connections: number; warmup: number; seconds: number; loadAtEnd: string };

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
      for (const row of r.rows.filter((x) => /GET \/api\/(transactions|admin\/bills)/.test(x.name))) {
        checks.push(
          `- postgres ${row.name}: ${fmt(row.ratio, 2)} of the ceiling (budget ≥ 0.1), p99 ${fmt(row.result.p99)} ms (budget < 50) — ${mark(row.ratio >= 0.1 && row.result.p99 < 50)}`,
        );
      }
      for (const row of r.rows.filter((x) => x.name.includes('add_funds') && !x.baselineOf)) {
        checks.push(
          `- postgres ${row.name}: server CPU ${fmt(row.result.serverCpuMs, 2)} ms per call (budget ≤ 2.5) — ${mark(row.result.serverCpuMs <= 2.5)}`,
        );
        const before = r.rows.find((x) => x.baselineOf === row.name);
        // The issue's "today 5.5–6.3 ms" is what the old code's main thread spends (see
        // mainThreadCpuSecondsOf): the same figure for both, so the budget reads either way.
        checks.push(
          `- postgres ${row.name}: main-thread (event loop) CPU ${fmt(row.result.mainThreadCpuMs, 2)} ms per call` +
            (before ? `, ${fmt(before.result.mainThreadCpuMs, 2)} on the server before issue 19` : '') +
            ` (budget ≤ 2.5) — ${mark(row.result.mainThreadCpuMs <= 2.5)}`,
        );
        if (before) {
          const times = row.result.reqPerSec / before.result.reqPerSec;
          checks.push(
            `- postgres ${row.name}: ${fmt(row.result.reqPerSec)} req/s against ${fmt(before.result.reqPerSec)} on the server before issue 19 ` +
              `in this run, ${fmt(times, 1)}× (budget ≥ 2×; CPU per call ${fmt(row.result.serverCpuMs, 2)} against ${fmt(before.result.serverCpuMs, 2)} ms) — ${mark(times >= 2)}`,
          );
        }
      }
      if (r.flood) {
        checks.push(...floodChecks(r.flood));
      }
    }
    const pollRows = r.rows.filter((x) => x.name.includes('passport') || x.name.includes('top'));
    const pollRss = pollRows.length ? Math.max(...pollRows.map((x) => x.result.peakRssMiB)) : NaN;
    checks.push(
      `- ${driver}: start on the existing data dir ${fmt(r.startMs)} ms (budget < 3000) — ${mark(r.startMs < 3000)}`,
    );
    checks.push(
      `- ${driver}: peak RSS under the poll load ${fmt(pollRss)} MiB (budget < 300 MB) — ${Number.isFinite(pollRss) ? mark(pollRss * 1.048576 < 300) : 'not measured'}; ` +
        `idle after the start ${fmt(r.idleRssMiB)} MiB; whole run's high-water mark (VmHWM, login and uploads included) ${fmt(r.hwm)} MiB`,
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

  const floods = [...results.entries()].filter(([, r]) => r.flood);
  const floodTable = floods.length
    ? [
        '',
        `The upload flood (issue 19): ${FLOOD_CONNECTIONS} connections each sending the largest image every limit lets through ` +
          `(6 320 × 6 320 PNG, ${fmt((floods[0]![1].flood!.imageBytes) / 1024)} KB) to \`POST /api/add_funds\` from four accounts, again ` +
          'and again, while 2 connections sign in (argon2) and 10 open `GET /api/ids`; the same sign-ins and catalogue load ' +
          'run alone for 5 s just before, to tell the flood from the host.',
        '',
        table(
          ['database', 'seconds', 'uploads answered (by status)', 'upload errors', 'login p99 ms (answers)', 'GET /api/ids p99 ms (answers)', 'peak RSS MiB'],
          floods.map(([driver, r]) => {
            const f = r.flood!;
            return [
              driver,
              String(f.seconds),
              Object.entries(f.uploads).map(([code, n]) => `${code}: ${n}`).join(', ') || 'none',
              String(f.uploadErrors),
              `${fmt(f.loginP99)} (${f.loginRequests}, ${f.loginNon2xx} failed)`,
              `${fmt(f.idsP99)} (${f.idsRequests}, ${f.idsNon2xx} failed)`,
              fmt(f.peakRssMiB),
            ];
          }),
        ),
      ]
    : [];

  const ceilings = rows.filter((r) => r.name.startsWith('bare')).map((r) => r.result.reqPerSec);
  return [
    `Measured ${machine}; at the end: ${run.loadAtEnd}. The bare ceiling read ` +
      `${fmt(Math.min(...ceilings))}–${fmt(Math.max(...ceilings))} req/s across the run.`,
    '',
    `\`npm run bench\` — ${run.connections} connections, ${run.warmup} s warm-up then ${run.seconds} s per row on the ` +
      "warm-up's connections (the answers after the warm-up are counted), autocannon in the " +
      'same machine as the server (they share the cores). PostgreSQL 15 with its stock settings ' +
      "(fsync and synchronous_commit on) and the server's 11 connections (a pool of 10 and the " +
      'LISTEN one, decision 031); the server at its default ' +
      'log level (info; the poll routes log at warn). The bare ceiling is measured before the rows ' +
      "and again after each poll row; a poll row's ratio is to the mean of the two ceilings around it, " +
      'the other rows to the last ceiling before them. A 304 counts as non-2xx; the ' +
      `add_funds row runs at 8 connections (the image queue holds 1 + 8) after a ${DEPOSIT_WARMUP} s warm-up (its ~100 calls a second take V8 that long to optimise), each call with its own UTR and one of 96 ` +
      'different screenshots; the row marked "before issue 19" is the same load on the server built from that commit, ' +
      'on its own database of the same PostgreSQL, right after. Rows: ' +
      seeded +
      '.',
    '',
    body,
    ...floodTable,
    '',
    checks.join('\n'),
  ].join('\n');
}

/** The flood's budgets: what customers feel stays fast, memory bounded, excess turned away with 503. */
function floodChecks(f: FloodResult): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  const serverErrors = Object.entries(f.uploads)
    .filter(([code]) => code.startsWith('5') && code !== '503')
    .reduce((sum, [, n]) => sum + n, 0);
  const refused = f.uploads['503'] ?? 0;
  return [
    `- postgres flood: login p99 ${fmt(f.loginP99)} ms (budget < 1000; the same load just before, without the flood: ${fmt(f.quiet.loginP99)}) — ${mark(f.loginP99 < 1000 && f.loginRequests > 0)}`,
    `- postgres flood: GET /api/ids p99 ${fmt(f.idsP99)} ms (budget < 200; just before, without the flood: ${fmt(f.quiet.idsP99)}) — ${mark(f.idsP99 < 200 && f.idsRequests > 0)}`,
    `- postgres flood: peak RSS ${fmt(f.peakRssMiB)} MiB (budget < 600) — ${mark(f.peakRssMiB < 600)}`,
    `- postgres flood: ${refused} uploads refused with 503, ${serverErrors} other 5xx, ${f.uploadErrors} connection errors or timeouts (budget: no 5xx but 503s) — ${mark(serverErrors === 0 && f.uploadErrors === 0 && refused > 0)}`,
  ];
}
