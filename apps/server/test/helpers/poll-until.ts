/**
 * Asks `read` again until `done` holds or `limitMs` passes, and says how long it took.
 *
 * For changes that cross processes through PostgreSQL's LISTEN/NOTIFY. The caches they clear
 * have no time-to-live, so an answer that changes at all was changed by the notification: the
 * test proves the mechanism, and the bound is generous so a loaded CI host does not fail it.
 * How fast it was on this run is printed, not asserted (the bench measures speed).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { limitMs = 10_000, label }: { limitMs?: number; label?: string } = {},
): Promise<T> {
  const started = Date.now();
  const deadline = started + limitMs;
  let last = await read();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  if (label && done(last)) console.log(`${label}: seen after ${Date.now() - started} ms`);
  return last;
}
