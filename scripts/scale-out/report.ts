// The scale-out test's checks: each step is a named check that passes or fails with a reason;
// a failure is printed and the run goes on, and the summary ends with 'N passed, N failed'.

let prefix = 'scale-out';
/** The soak prints its lines under its own name. */
export const setLogPrefix = (name: string) => {
  prefix = name;
};
export const log = (line: string) => process.stdout.write(`${prefix}: ${line}\n`);

type Result = { name: string; ok: boolean; detail: string };
const results: Result[] = [];

/** Every check so far, in order (the soak writes them into its report). */
export const checkResults = (): readonly Result[] => results;

export class CheckFailed extends Error {}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Run one named check; its failure is recorded and printed, and the run goes on. */
export async function check(name: string, body: () => Promise<string | void>): Promise<boolean> {
  try {
    const detail = (await body()) ?? '';
    results.push({ name, ok: true, detail });
    log(`✓ ${name}${detail ? ` — ${detail}` : ''}`);
    return true;
  } catch (error) {
    const detail =
      error instanceof CheckFailed ? error.message : String((error as Error)?.stack ?? error);
    results.push({ name, ok: false, detail });
    log(`✗ ${name} — ${detail}`);
    return false;
  }
}

/** A check that cannot run because an earlier one failed counts as failed, never skipped. */
export function cannotRun(name: string, because: string): void {
  results.push({ name, ok: false, detail: `not run: ${because}` });
  log(`✗ ${name} — not run: ${because}`);
}

/** Print the failures and the closing line; true when every check passed. */
export function summarize(seconds: number, keptIn: string): boolean {
  const failed = results.filter((r) => !r.ok);
  log(`${seconds.toFixed(0)} s; ${failed.length ? `logs kept in ${keptIn}` : 'all checks passed'}`);
  for (const r of failed) log(`FAILED: ${r.name}`);
  process.stdout.write(`${results.length - failed.length} passed, ${failed.length} failed\n`);
  return failed.length === 0;
}
