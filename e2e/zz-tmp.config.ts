import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '/work/main/e2e/tests',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '/tmp/webdev/pw-results',
  use: {
    baseURL: 'http://127.0.0.1:3211',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});
