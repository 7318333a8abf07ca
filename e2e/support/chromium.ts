import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (or the one CHROMIUM_PATH names). Playwright cannot download browsers here,
 * and a browser test that silently skips proves nothing: no browser is a hard failure.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install Debian\'s package (apt-get install -y chromium) ' +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
