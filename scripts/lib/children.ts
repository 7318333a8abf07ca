// Child processes for the test scripts (the crash test's server, the scale-out test's servers
// and nginx): spawned to die with this process whatever happens, their output kept in memory
// and in a log file, and polled until ready.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

export type Child = {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  isDead: () => boolean;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
};

/** Spawn a child that dies with this process; its output is kept in memory and in `logFile`. */
export function spawnChild(
  name: string,
  file: string,
  argv: string[],
  env: Record<string, string>,
  logFile: string,
): Child {
  const child = spawn(file, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const chunks: Buffer[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk);
    writeFileSync(logFile, chunk, { flag: 'a' });
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let dead = false;
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      dead = true;
      children.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return {
    name,
    child,
    exited,
    isDead: () => dead,
    output: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** Poll `url` until it answers 200; throws when the child exits first or after `timeoutMs`. */
export async function waitReady(proc: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.isDead()) {
      throw new Error(`${proc.name} exited before it was ready:\n${tail(proc.output())}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${proc.name} was not ready within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

export async function stop(proc: Child, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (proc.isDead()) return;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
  await proc.exited;
  clearTimeout(timer);
}

export function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
