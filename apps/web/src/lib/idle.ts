/**
 * Runs `task` when the browser's main thread is next idle (requestIdleCallback), at the latest
 * after `timeoutMs`; a plain timer where the browser has no idle callbacks. For work a first
 * load does not need before its page shows (issue 56: a phone's main thread at first load).
 * Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
