import { UNKNOWN_DEVICE } from '@iddesk/contract';
import Bowser from 'bowser';
import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * A person's name for the device behind a User-Agent: "Chrome 131 on Windows 10",
 * "Safari 17 on iOS 17.4 (mobile)". Unknown or missing: "Unknown device".
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : null;
  const system = os.name ? [os.name, os.versionName ?? (os.name === 'iOS' ? os.version : undefined)].filter(Boolean).join(' ') : null;
  if (!name && !system) return UNKNOWN_DEVICE;
  const kind = platform.type === 'mobile' || platform.type === 'tablet' ? ` (${platform.type})` : '';
  return `${name ?? 'A browser'}${system ? ` on ${system}` : ''}${kind}`;
}

/**
 * The device cookie (issue 51 finding 6): a random token (256 bits, base64url) a successful
 * sign-in leaves in the browser, HttpOnly so no script reads it, sent only to the sign-in calls
 * (`/api/auth`). The server keeps its SHA-256 per account it signed in (`known_devices`); a
 * second-factor code from a device the account signed in on recently is counted on that device
 * alone (second-factor `CodeAttempts`). One browser keeps one token for every account on it.
 */
export const DEVICE_COOKIE = 'iddesk_device';
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device token the request's cookie carries, when it is well formed. */
export function deviceOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const value = parseCookie(cookieHeader)[DEVICE_COOKIE];
  return value && DEVICE_TOKEN.test(value) ? value : null;
}

/** The Set-Cookie header that keeps `token` on the device for `days` more. */
export function deviceCookie(token: string, { days, secure }: { days: number; secure: boolean }): string {
  return stringifySetCookie({
    name: DEVICE_COOKIE,
    value: token,
    path: '/api/auth',
    maxAge: days * 86_400,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}
