// The built server (or the bare ceiling) as a child process: started, waited for, watched for
// memory, and stopped with SIGTERM like a real deployment.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first answer of the readiness URL. */
  startMs: number;
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startProcess(options: {
  script: string;
  args?: string[];
  /** Flags for node itself (profiling: BENCH_NODE_ARGS="--cpu-prof"). */
  nodeArgs?: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  logFile: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  // Logs go to a file, as in production; piping them into this process would make the load
  // generator pay for reading them.
  const log = openSync(options.logFile, 'a');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = `exited with ${code ?? signal}`;
      resolve();
    });
  });

  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited)
      throw new Error(`${options.script} ${exited} before it was ready; see ${options.logFile}`);
    try {
      const response = await fetch(url + options.readyPath);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.script} was not ready within the timeout; see ${options.logFile}`);
    }
    await sleep(20);
  }
  const startMs = performance.now() - started;

  return {
    child,
    url,
    startMs,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Resident and peak resident memory of a process, in MiB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Samples RSS every `everyMs` until stopped; returns the highest sample in MiB. */
export function sampleRss(pid: number, everyMs = 100): () => number {
  let peak = memoryOf(pid)?.rss ?? 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m && m.rss > peak) peak = m.rss;
  }, everyMs);
  return () => {
    clearInterval(timer);
    const m = memoryOf(pid);
    return Math.max(peak, m?.rss ?? 0);
  };
}

const TICKS_PER_SECOND = 100;

/** A process's stat fields, or with `thread` one of its threads' (its own pid: the main one). */
function statFields(pid: number, thread?: number): string[] | null {
  try {
    const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    // Fields after the command name, which may itself contain spaces and parentheses.
    return readFileSync(path, 'utf8').split(') ').pop()!.split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU seconds a process has used so far (Linux /proc), 0 when it is gone. */
export function cpuSecondsOf(pid: number, thread?: number): number {
  const f = statFields(pid, thread);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND : 0;
}

/**
 * User + system CPU seconds of a process's main thread (its event loop, for Node), 0 when it is
 * gone. libuv's and libvips' threads are not in it. Issue 19's "server CPU per call, today
 * 5.5–6.3 ms" for a deposit matches this figure of the code before it (the whole process
 * spent 70–90 ms there, nearly all in WebP encoding on other threads).
 */
export const mainThreadCpuSecondsOf = (pid: number): number => cpuSecondsOf(pid, pid);

/**
 * CPU seconds of a process and its direct children (a PostgreSQL server and its backends),
 * the children that have exited included (the parent's cutime and cstime): without them the
 * figure fell when a backend ended during a row, and a row once read -2.24 ms.
 */
export function treeCpuSecondsOf(pid: number): number {
  const own = statFields(pid);
  let total = own
    ? (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) / TICKS_PER_SECOND
    : 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === pid) total += cpuSecondsOf(Number(entry));
  }
  return total;
}
