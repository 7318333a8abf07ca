import { useSyncExternalStore } from 'react';

/** Browser-stored session (docs/product.md#domain): `api_token` and `is_admin`, plus the auth state flags. */
export const TOKEN_KEY = 'api_token';
export const ADMIN_KEY = 'is_admin';

/** Why the session ended without the user signing out: said on the login page (issue 17). */
export type SessionEnd = 'blocked';

export type SessionSnapshot = {
  token: string | null;
  isAdmin: boolean;
  /** True once the token is confirmed (startup exists-check or a fresh login). */
  authenticated: boolean;
  /** True when there is no session at all. */
  guest: boolean;
  /** Set when staff ended the session (a block); cleared by the next sign-in. */
  ended: SessionEnd | null;
};

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the session lives for this page only.
  }
}

function load(authenticated: boolean): SessionSnapshot {
  const token = readStorage(TOKEN_KEY) || null;
  const admin = readStorage(ADMIN_KEY);
  return {
    token,
    isAdmin: Boolean(token) && (admin === 'true' || admin === '1'),
    authenticated: Boolean(token) && authenticated,
    guest: !token,
    ended: null,
  };
}

let snapshot: SessionSnapshot = load(false);
const listeners = new Set<() => void>();
const unauthorizedListeners = new Set<() => void>();

function emit(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionSnapshot => snapshot,
  token: (): string | null => snapshot.token,
  isAdmin: (): boolean => snapshot.isAdmin,

  /** Stores a fresh login/registration; the token is trusted at once. */
  start(apiToken: string, isAdmin: boolean) {
    writeStorage(TOKEN_KEY, apiToken);
    writeStorage(ADMIN_KEY, String(isAdmin));
    emit(load(true));
  },

  setAuthenticated(value: boolean) {
    if (snapshot.authenticated === value) return;
    emit({ ...snapshot, authenticated: value && Boolean(snapshot.token) });
  },

  /** Forgets the session; `ended` says why when the user did not sign out themselves. */
  clear(ended: SessionEnd | null = null) {
    writeStorage(TOKEN_KEY, null);
    writeStorage(ADMIN_KEY, null);
    emit({ ...load(false), ended });
  },

  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Called by the API client when a request carrying a token gets 401. */
  expire(ended: SessionEnd | null = null) {
    session.clear(ended);
    for (const listener of unauthorizedListeners) listener();
  },

  onExpired(listener: () => void): () => void {
    unauthorizedListeners.add(listener);
    return () => unauthorizedListeners.delete(listener);
  },
};

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === ADMIN_KEY || event.key === null) {
      const next = load(snapshot.authenticated);
      if (next.token !== snapshot.token || next.isAdmin !== snapshot.isAdmin) emit(next);
    }
  });
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
