import type { ExternalToast } from 'sonner';
import type * as SonnerModule from 'sonner';

/**
 * The app's toast calls, with sonner (~9 KB gzip) out of the first load: the first call, or the
 * toast host once the page is idle (components/ui/toaster.tsx), loads it; a call made before it
 * has arrived is shown as soon as it has. Sonner replays toasts created before its host
 * subscribed, so none is lost.
 */
type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Whether sonner has been asked for, for the host to mount it (useSyncExternalStore). */
export const sonnerWanted = {
  get: () => sonner !== null,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type Message = string;

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => {
    void loadSonner().then((m) => m.toast(message, data));
  },
  {
    success(message: Message, data?: ExternalToast) {
      void loadSonner().then((m) => m.toast.success(message, data));
    },
    error(message: Message, data?: ExternalToast) {
      void loadSonner().then((m) => m.toast.error(message, data));
    },
  },
);

let menuOpen = false;
const menuListeners = new Set<() => void>();

/**
 * Whether the side menu is open: the toast host then moves its toasts off the menu's panel,
 * so they never cover its controls (issue 17: one hid "Log out").
 */
export const sideMenuOpen = {
  get: () => menuOpen,
  set(open: boolean) {
    if (open === menuOpen) return;
    menuOpen = open;
    for (const listener of menuListeners) listener();
  },
  subscribe: (listener: () => void) => {
    menuListeners.add(listener);
    return () => menuListeners.delete(listener);
  },
};
