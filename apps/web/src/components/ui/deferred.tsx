import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders `children` a task after the one that mounted it, and at once on every later render:
 * for the parts of the shell a page's first frame does without (the footer, the phone's bottom
 * bar, the floating buttons, the toast host). A first load's render is then two tasks instead
 * of one long one, and the page itself comes first (issue 56: Total Blocking Time on budget
 * phones). Only for what sits fixed or below the page, so nothing above it moves.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}
