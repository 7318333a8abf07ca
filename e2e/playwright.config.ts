import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium';
import { FAKE_BOT_TOKEN } from '../apps/server/test/helpers/fake-bot-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_PORT, E2E_SMTP_PORT, E2E_TELEGRAM_PORT } from './support/env';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // `npm test` runs two shards side by side on a 2-core machine: a story's slowest run there is
  // ~40 s (the ID story), so a minute and a half leaves room without hiding a hang.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `../.tmp/e2e-results-${E2E_PORT}.json` }]],
  // Per port, so two runs side by side (different E2E_PORT) never delete each other's artifacts.
  outputDir: `../.tmp/test-results-${E2E_PORT}`,
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker would take its pages' requests out of reach of page.route();
    // the stories that are about it (journey.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/marque`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Password reset mail goes to the SMTP server notifications.spec.ts listens with; links
      // in it point back at this server.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      APP_URL: BASE_URL,
      // The bot talks to the fake Bot API telegram.spec.ts runs on this port.
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_URL: `http://127.0.0.1:${E2E_TELEGRAM_PORT}`,
    },
  },
});
