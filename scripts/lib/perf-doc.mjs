// docs/performance.md is partly written by the measuring commands: each owns the text between
// its `<!-- NAME:begin -->` and `<!-- NAME:end -->` markers and replaces only that.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PERF_DOC = join(dirname(fileURLToPath(import.meta.url)), '../../docs/performance.md');

/** Replace the generated section NAME; fails loudly when its markers are missing. */
export function writeSection(name, markdown) {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const doc = readFileSync(PERF_DOC, 'utf8');
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${PERF_DOC} has no ${begin} … ${end} section`);
  writeFileSync(
    PERF_DOC,
    `${doc.slice(0, from + begin.length)}\n${markdown.trim()}\n${doc.slice(to)}`,
  );
}

/** Date, machine and how busy it was: the context every figure needs. */
export function machineLine() {
  const cpu = cpus();
  const gib = (bytes) => (bytes / 1024 ** 3).toFixed(1);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  return (
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ` +
    `${cpu.length} cores, ${gib(totalmem())} GiB RAM (${gib(freemem())} free) · Node ${process.version} · ` +
    `load average (1/5/15 min) at the start: ${load}`
  );
}

/** A Markdown table from a header row and data rows. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
