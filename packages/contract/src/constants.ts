/** Business constants (docs/product.md#constants), shared by server and client. */
export const PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
export const POLL_INTERVAL_MS = 5000;
/**
 * Issue 55 item 2: how long opening (or working on) a queue item keeps it claimed for that staff
 * member (docs/product.md#claims); the page renews it while they work on it.
 */
export const QUEUE_CLAIM_SECONDS = 300;
export const AUTH_CHECK_DELAY_MS = 500;
export const LOADING_HOLD_MS = 100;
export const TOAST_DURATION_MS = 4000;
export const ERROR_TOAST_DURATION_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
/** The marquee banner shows only when its text is longer than this many characters. */
export const MARQUEE_MIN_LENGTH = 1;
export const TOAST_POSITIONS = [
  'top-right',
  'top-center',
  'top-left',
  'bottom-right',
  'bottom-center',
  'bottom-left',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const MARQUEE_MAX_LENGTH = 500;
