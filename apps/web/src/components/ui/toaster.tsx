import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS, type ToastPosition } from '@iddesk/contract';
import { Toaster as Sonner } from 'sonner';
import { useMediaQuery } from '../../lib/use-media-query';

/**
 * The toast host (SPEC.md §9): 4 s by default, paused on hover, bottom by default; below the
 * 768 px breakpoint toasts span the width at the bottom, clear of the mobile bottom bar.
 */
export function Toaster({ position = 'bottom-center' }: { position?: ToastPosition }) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  return (
    <Sonner
      position={mobile ? 'bottom-center' : position}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      visibleToasts={4}
      offset={24}
      mobileOffset={{ bottom: 84, left: 12, right: 12 }}
      className="app-toaster"
      toastOptions={{ className: 'app-toast' }}
    />
  );
}
