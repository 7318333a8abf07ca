// `npm run bench -- --ab-flags "…"` (or --ab-env, --ab-server): two servers on one database,
// taking a row's load (--ab-row) in turns of a few seconds, each turn's main-thread and process
// CPU per answer read from /proc.
// The host's drift (the same calls cost a third more CPU from one hour to the next) moves both
// alike, so each turn of B is compared with the mean of the turns of A on either side of it: a
// difference of a few per cent, which two rows minutes apart cannot show, reads to a standard
// error of ~0.02–0.06 ms in 20 rounds. Run with the same flags on both, it read B 0.07 ms
// cheaper a deposit (± 0.02; 2026-11-29): the first server has carried the row before. On the
// keyed withdrawal B read 0.06 ms cheaper with `--max-semi-space-size=32` while whole rows
// alternated showed nothing: trust a difference that holds with the flags on either side.
import { run, type LoadOptions } from './load';
import { cpuSecondsOf, mainThreadCpuSecondsOf } from './server-process';

export type Contender = { label: string; url: string; pid: number };

export type Turn = { label: string; answers: number; non2xx: number; mainMs: number; processMs: number; p99Ms: number };

export type Alternation = {
  turns: Turn[];
  /** Mean per answer over the turns of each. */
  a: { mainMs: number; processMs: number };
  b: { mainMs: number; processMs: number };
  /** B minus its neighbouring A's, averaged over B's turns, with its standard error. */
  mainMs: { diff: number; se: number };
  processMs: { diff: number; se: number };
  p99Ms: { diff: number; se: number };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function alternate(options: {
  a: Contender;
  b: Contender;
  request: LoadOptions['request'];
  connections: number;
  seconds: number;
  rounds: number;
}): Promise<Alternation> {
  // Each turn its own stretch of call numbers: a call's number picks its customer and, for a
  // keyed withdrawal, its Idempotency-Key, which must not repeat (a deposit's UTR has its own count).
  let offset = 0;
  const turn = async (c: Contender, seconds: number): Promise<Turn> => {
    const first = offset;
    offset += 1_000_000;
    const main = mainThreadCpuSecondsOf(c.pid);
    const processCpu = cpuSecondsOf(c.pid);
    const result = await run(c.url, options.connections, seconds, (n) => options.request(first + n));
    const answers = result['2xx'];
    return {
      label: c.label,
      answers,
      non2xx: result.non2xx,
      mainMs: ((mainThreadCpuSecondsOf(c.pid) - main) * 1000) / answers,
      processMs: ((cpuSecondsOf(c.pid) - processCpu) * 1000) / answers,
      p99Ms: result.latency.p99,
    };
  };
  // A warm-up on each, twice over, not counted.
  for (let i = 0; i < 2; i++) for (const c of [options.a, options.b]) await turn(c, 8);
  const turns: Turn[] = [];
  for (let r = 0; r < options.rounds; r++) {
    for (const c of [options.a, options.b]) {
      // Strictly A, B, A, B: a turn right after one on the same server met the last one's
      // calls still queued for the image thread, and answered 503s.
      await pause(700);
      turns.push(await turn(c, options.seconds));
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const paired = (field: 'mainMs' | 'processMs' | 'p99Ms') => {
    const diffs = turns.flatMap((t, i) => {
      if (t.label !== options.b.label) return [];
      const around = [turns[i - 1], turns[i + 1]].filter((x) => x?.label === options.a.label);
      return [t[field] - mean(around.map((x) => x![field]))];
    });
    const m = mean(diffs);
    const sd = Math.sqrt(diffs.reduce((s, x) => s + (x - m) ** 2, 0) / (diffs.length - 1));
    return { diff: m, se: sd / Math.sqrt(diffs.length) };
  };
  const of = (label: string) => {
    const own = turns.filter((t) => t.label === label);
    return { mainMs: mean(own.map((t) => t.mainMs)), processMs: mean(own.map((t) => t.processMs)) };
  };
  return { turns, a: of(options.a.label), b: of(options.b.label), mainMs: paired('mainMs'), processMs: paired('processMs'), p99Ms: paired('p99Ms') };
}
