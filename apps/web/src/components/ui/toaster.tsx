import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS, type ToastPosition } from '@iddesk/contract';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadSonner, sideMenuOpen, sonnerWanted } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';

const Sonner = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

const MOBILE_OFFSET = { bottom: 84, left: 12, right: 12 };
/** Below the open menu's header row (wordmark and close button, 69 px). */
const MENU_OPEN_MOBILE_OFFSET = { top: 76, left: 12, right: 12 };

/** How long after the first render the host loads sonner on its own, if no toast has. */
const IDLE_LOAD_MS = 2000;

/**
 * The toast host (SPEC.md §9): 4 s by default, paused on hover, bottom by default; below the
 * 768 px breakpoint toasts span the width at the bottom, clear of the mobile bottom bar.
 * Sonner is not in the first load (lib/toast.ts): the host mounts it on the first toast, or
 * once the page is idle, so its live region is in place before the toasts that follow.
 * While the side menu is open, toasts keep off its panel (at the left edge, the full height):
 * on a phone they move to the top, under the menu's header row; wider, to the right.
 */
export function Toaster({ position = 'bottom-center' }: { position?: ToastPosition }) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const wanted = useSyncExternalStore(sonnerWanted.subscribe, sonnerWanted.get, sonnerWanted.get);
  const menu = useSyncExternalStore(sideMenuOpen.subscribe, sideMenuOpen.get, sideMenuOpen.get);

  useEffect(() => {
    if (wanted) return;
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => void loadSonner(), { timeout: IDLE_LOAD_MS });
      else void loadSonner();
    }, IDLE_LOAD_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner
        position={
          menu ? (mobile ? 'top-center' : 'bottom-right') : mobile ? 'bottom-center' : position
        }
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
        // Light or dark with the system, like the customer site (dark-scheme.css).
        theme="system"
        visibleToasts={4}
        offset={24}
        mobileOffset={menu ? MENU_OPEN_MOBILE_OFFSET : MOBILE_OFFSET}
        className="app-toaster"
        toastOptions={{ className: 'app-toast' }}
      />
    </Suspense>
  );
}
