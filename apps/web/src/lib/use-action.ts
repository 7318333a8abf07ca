import { useCallback, useMemo, useState } from 'react';
import type { ApiResponse } from './api-client';
import { runAction, type ActionOptions, type LoadingControl } from './action';

/** runAction bound to a component's loading flag (held 100 ms after each action). */
export function useAction() {
  const [pending, setPending] = useState(0);
  const control = useMemo<LoadingControl>(
    () => ({
      start: () => setPending((n) => n + 1),
      stop: () => setPending((n) => Math.max(0, n - 1)),
    }),
    [],
  );
  const run = useCallback(
    <T>(fn: () => Promise<ApiResponse<T>>, options?: ActionOptions) =>
      runAction(fn, options, control),
    [control],
  );
  return { run, loading: pending > 0 };
}
