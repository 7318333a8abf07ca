import { UNKNOWN_DEVICE } from '@iddesk/contract';
import Bowser from 'bowser';

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
