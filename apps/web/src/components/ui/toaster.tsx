import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS, type ToastPosition } from '@iddesk/contract';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../../lib/idle';
import { loadSonner, sideMenuOpen, sonnerWanted } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';

const Sonner = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

const MOBILE_OFFSET = { bottom: 84, left: 12, right: 12 };
/** Below the open menu's header row (wordmark and close button, 69 px). */
const MENU_OPEN_MOBILE_OFFSET = { top: 76, left: 12, right: 12 };

/** How long after the first render the host loads sonner on its own, if nothing else has. */
const IDLE_LOAD_MS = 10_000;
/** The user's first input, before which no toast of theirs can come (a tap, a key, a focus). */
const FIRST_INPUT = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toast host (docs/product.md#errors-toasts-and-support): 4 s by default, paused on hover, bottom by default; below the
 * 768 px breakpoint toasts span the width at the bottom, clear of the mobile bottom bar.
 * Sonner is not in the first load (lib/toast.ts): the host mounts it on the first toast, on
 * the user's first input, or once the page has been idle for 10 s, so its live region is in
 * place before the toasts that follow. Not 2 s after the first render, as before: its load
 * (~100 ms of a phone's CPU at Lighthouse's 4×) then fell in the first seconds of /login,
 * while the customer starts typing: /login's Total Blocking Time read 171 ms before, 79 and
 * 122 after (medians of three runs each, docs/performance.md).
 * While the side menu is open, toasts keep off its panel (at the left edge, the full height):
 * on a phone they move to the top, under the menu's header row; wider, to the right.
 */
export function Toaster({ position = 'bottom-center' }: { position?: ToastPosition }) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const wanted = useSyncExternalStore(sonnerWanted.subscribe, sonnerWanted.get, sonnerWanted.get);
  const menu = useSyncExternalStore(sideMenuOpen.subscribe, sideMenuOpen.get, sideMenuOpen.get);

  useEffect(() => {
    if (wanted) return;
    const load = () => void loadSonner();
    for (const type of FIRST_INPUT)
      window.addEventListener(type, load, { capture: true, passive: true });
    let cancelIdle = () => {};
    const timer = setTimeout(() => (cancelIdle = whenIdle(load, IDLE_LOAD_MS)), IDLE_LOAD_MS);
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, { capture: true });
      clearTimeout(timer);
      cancelIdle();
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
