import { useSyncExternalStore } from 'react';

/** App-wide flags: the global fetching flag of docs/product.md#startup and whether startup has finished. */
export type ShellState = { fetching: boolean; started: boolean };

let state: ShellState = { fetching: true, started: false };
const listeners = new Set<() => void>();

export const shellState = {
  get: () => state,
  set(patch: Partial<ShellState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useShellState(): ShellState {
  return useSyncExternalStore(shellState.subscribe, shellState.get, shellState.get);
}
