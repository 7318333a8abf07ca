// Memory of each server process, once a minute: its resident set (VmRSS of /proc/<pid>/status,
// what the kernel charges the process) and, from its /metrics, V8's heap in use and the memory
// held outside the heap (Buffers, ArrayBuffers), to tell a JavaScript leak from native growth.
import { readFileSync } from 'node:fs';

export type MemorySample = {
  minute: number;
  server: string;
  pid: number;
  rssMiB: number;
  heapUsedMiB: number | null;
  externalMiB: number | null;
};

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** VmRSS of a live process in MiB, or null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round((Number(line.split(/\s+/)[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** prom-client's nodejs_heap_size_used_bytes and nodejs_external_memory_bytes, or nulls. */
async function heapOf(url: string, token: string): Promise<{ heap: number | null; external: number | null }> {
  try {
    const response = await fetch(`${url}/metrics`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    const text = await response.text();
    const value = (name: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      return line ? mib(Number(line.split(' ')[1])) : null;
    };
    return { heap: value('nodejs_heap_size_used_bytes'), external: value('nodejs_external_memory_bytes') };
  } catch {
    return { heap: null, external: null };
  }
}

export async function sample(
  minute: number,
  servers: { name: string; pid: () => number | undefined; url: string }[],
  metricsToken: string,
): Promise<MemorySample[]> {
  const samples: MemorySample[] = [];
  for (const s of servers) {
    const pid = s.pid();
    const rss = pid ? rssOf(pid) : null;
    if (!pid || rss === null) continue;
    const { heap, external } = await heapOf(s.url, metricsToken);
    samples.push({ minute, server: s.name, pid, rssMiB: rss, heapUsedMiB: heap, externalMiB: external });
  }
  return samples;
}

/** The minute-by-minute table: one row a minute, one RSS (heap) column a server. */
export function memoryTable(samples: MemorySample[], servers: string[]): string {
  const minutes = [...new Set(samples.map((s) => s.minute))].sort((a, b) => a - b);
  const cell = (m: number, server: string) => {
    const s = samples.find((x) => x.minute === m && x.server === server);
    return s ? `${s.rssMiB} (${s.heapUsedMiB ?? '?'}, ${s.externalMiB ?? '?'})` : '—';
  };
  return [
    `| minute | ${servers.map((s) => `${s} RSS (heap used, external) MiB`).join(' | ')} |`,
    `| --- | ${servers.map(() => '---').join(' | ')} |`,
    ...minutes.map((m) => `| ${m} | ${servers.map((s) => cell(m, s)).join(' | ')} |`),
  ].join('\n');
}

/**
 * Growth of one server's RSS in MiB a minute over the samples of one process (a restart starts
 * a new one), by least squares over `fromMinute` onwards; null with fewer than 3 samples.
 */
export function growthPerMinute(samples: MemorySample[], server: string, fromMinute: number): number | null {
  const own = samples.filter((s) => s.server === server && s.minute >= fromMinute);
  const last = own.at(-1);
  const points = own.filter((s) => s.pid === last?.pid);
  if (points.length < 3) return null;
  const n = points.length;
  const mx = points.reduce((a, s) => a + s.minute, 0) / n;
  const my = points.reduce((a, s) => a + s.rssMiB, 0) / n;
  const sxy = points.reduce((a, s) => a + (s.minute - mx) * (s.rssMiB - my), 0);
  const sxx = points.reduce((a, s) => a + (s.minute - mx) ** 2, 0);
  return Math.round((sxy / sxx) * 100) / 100;
}
