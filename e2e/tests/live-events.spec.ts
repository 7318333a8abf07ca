import type { Page } from '@playwright/test';
import { adminToken, apiGet, createUpiPaymentType, pngFile } from '../support/api';
import { admin, expect, loginViaUi, newReference, registeredUser, test } from '../support/fixtures';

/**
 * Issue 55 item 1 (decision 042): a staff tab hears a new top-up from its live event stream,
 * within a second. The tab's clock is stopped once the stream is open, so its 5-second poll
 * (a timer) cannot run: what the tab shows after the filing came through the stream.
 */

const sounds = (page: Page) =>
  page.evaluate(() => (window as { __iddeskSounds?: { bell: number; alert: number } }).__iddeskSounds ?? { bell: 0, alert: 0 });

test('a staff tab sees a new top-up within a second, from the event stream, with one alert', async ({ browser, request }) => {
  const staffToken = await adminToken(request);
  const method = await createUpiPaymentType(request, staffToken, `E2E live ${Date.now()}`);
  const { token, ...user } = await registeredUser(request, 'live');

  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's timers run on a clock the test controls (Playwright's documented clock).
  await page.clock.install();
  const streamOpened = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
  await loginViaUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/bills_pending');
  await streamOpened;
  const bills = page.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: /^bills/i });
  const before = (await apiGet<{ bills: number }>(request, staffToken, '/admin/stats')).bills;
  await expect(bills).toHaveAccessibleName(before > 0 ? `Bills (${before} waiting)` : 'Bills');
  const alertsBefore = (await sounds(page)).alert;

  // From here no timer of the page fires: no poll round can start.
  await page.clock.pauseAt(Date.now() + 100);
  const res = await request.post('/api/add_funds', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    multipart: { amount: '130', payment_type_id: String(method.id), reference: newReference(), proof: await pngFile() },
  });
  expect(res.status(), await res.text()).toBe(200);
  const filedAt = Date.now();
  await expect(bills).toHaveAccessibleName(`Bills (${before + 1} waiting)`, { timeout: 1_000 });
  expect(Date.now() - filedAt).toBeLessThan(1_000);
  expect((await sounds(page)).alert).toBe(alertsBefore + 1);

  // Time goes on: the polls that follow find nothing new and ring nothing more.
  await page.clock.resume();
  await expect(page.getByRole('row').filter({ hasText: user.name })).toBeVisible();
  const polled = page.waitForResponse((r) => r.url().endsWith('/api/admin/stats'));
  await page.clock.runFor(5_500);
  await polled;
  await expect(bills).toHaveAccessibleName(`Bills (${before + 1} waiting)`);
  expect((await sounds(page)).alert).toBe(alertsBefore + 1);
  await context.close();
});
