// Issue 17: the customer's everyday frictions — the balance in sight, one clock, pending
// history, a blocked customer told, UPI like on a phone, dark mode, an installable app.
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { adminToken, apiGet, apiLogin, apiPost, createUpiPaymentType, topUpViaWallet } from '../support/api';
import { admin, expect, loginViaUi, test, registeredUser, signedInUser } from '../support/fixtures';

const balanceChip = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^balance:/i }).locator('visible=true');

/** The QR code image on screen, decoded back to its text. */
async function decodeQr(page: Page, name: RegExp): Promise<string | null> {
  const png = await page.getByRole('img', { name }).screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test('the balance is in the header at both sizes and follows an approval without a reload', async ({
  page,
  request,
}) => {
  const user = await registeredUser(request, 'chip');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await expect(balanceChip(page)).toHaveText(/₹0\.00/);

  // Staff approve a top-up; the 5-second poll brings it to the header on its own.
  await topUpViaWallet(request, await apiLogin(request, user.email, user.password), await adminToken(request), '750');
  await expect(balanceChip(page)).toHaveText(/₹750\.00/, { timeout: 15_000 });

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(balanceChip(page)).toHaveText(/₹750\.00/);
  await balanceChip(page).click();
  await expect(page).toHaveURL(/\/transactions$/);
  // Transactions open on All: the history is there without picking a tab.
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('+₹750.00').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a UPI payment shows a QR code of its upi://pay link with the typed amount', async ({ page, request }) => {
  const staff = await adminToken(request);
  const name = `Sharma Family Payments and Collections Account ${Date.now()}`;
  await createUpiPaymentType(request, staff, name);
  await signedInUser(page, request, 'upi');
  await page.goto('/add_funds');
  // The radio itself is visually hidden inside its card: choose by the card's text.
  await page.getByRole('group', { name: 'Payment method' }).getByText(name, { exact: true }).click();
  await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeChecked();

  const details = page.getByRole('region', { name: /pay .*to/i });
  // The payee's whole name, not cut short.
  await expect(details.getByRole('heading')).toHaveText(`Pay to ${name}`);
  const pn = encodeURIComponent(name);
  await expect
    .poll(() => decodeQr(page, /upi qr code/i))
    .toBe(`upi://pay?pa=desk@okbank&pn=${pn}&cu=INR`);

  await page.getByLabel('Amount', { exact: true }).fill('1,234.5');
  await expect(details.getByRole('heading')).toHaveText(`Pay ₹1,234.50 to ${name}`);
  await expect
    .poll(() => decodeQr(page, /upi qr code to pay ₹1,234\.50/i))
    .toBe(`upi://pay?pa=desk@okbank&pn=${pn}&am=1234.50&cu=INR`);
  // The same link opens a UPI app on a phone.
  await expect(details.getByRole('link', { name: /open in upi app/i, includeHidden: true })).toHaveAttribute(
    'href',
    `upi://pay?pa=desk@okbank&pn=${pn}&am=1234.50&cu=INR`,
  );
});

test('an open session ends in plain words when staff block the customer', async ({ page, request }) => {
  const user = await signedInUser(page, request, 'blocked17');
  const staff = await adminToken(request);
  const found = await apiPost<{ items: { id: number }[] }>(request, staff, '/admin/users', { search: user.email });
  const id = found.items[0]!.id;
  await apiGet(request, staff, `/admin/users/${id}/block`);

  // The next poll is refused: the customer lands on the login page, told why.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Your account has been blocked. Contact support.' })).toBeVisible();

  // Signing in again says the same, at the top of the form, not on the email field.
  await page.getByLabel(/email or phone/i).fill(user.email);
  await page.getByLabel(/^password$/i).fill(user.password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.locator('form > [role="alert"]')).toHaveText('Your account has been blocked. Contact support.');
  await expect(page.getByLabel(/email or phone/i)).not.toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password is one message at the top of the form, and no toast', async ({ page, request }) => {
  const user = await registeredUser(request, 'wrongpw');
  await page.goto('/login');
  await page.getByLabel(/email or phone/i).fill(user.email);
  await page.getByLabel(/^password$/i).fill('not-the-password-1');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.locator('form > [role="alert"]')).toHaveText('These credentials do not match our records.');
  await expect(page.getByLabel(/email or phone/i)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test.describe('in the dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the customer site follows the dark setting; the login page stays as it is', async ({ page, request }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-scheme', 'auto');
    const [r, g, b] = (await background()).match(/[\d.]+/g)!.map(Number);
    expect(r! + g! + b!, 'a dark page background').toBeLessThan(120);
    await expectNoSeriousA11yViolations(page);

    // The auth layout is dark by design: it does not take part.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-scheme', 'auto');

    await signedInUser(page, request, 'dark');
    await page.goto('/add_funds');
    await expect(page.getByRole('heading', { level: 1, name: /add funds/i })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * The WCAG contrast of an element's text on `background` (its own when left out: the nearest
 * painted background), both read as the page draws them.
 */
const contrastOf = (locator: Locator, background?: string) =>
  locator.evaluate((el, bgColour) => {
    const rgb = (colour: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const luminance = (c: number[]) =>
      c
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    let painted: Element | null = el;
    while (painted && getComputedStyle(painted).backgroundColor === 'rgba(0, 0, 0, 0)') painted = painted.parentElement;
    const a = luminance(rgb(getComputedStyle(el).color));
    const b = luminance(rgb(bgColour ?? getComputedStyle(painted ?? document.body).backgroundColor));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  }, background);

/** The colour behind an element: its nearest painted ancestor's (or its own) background. */
const paintedBehind = (locator: Locator) =>
  locator.evaluate((el) => {
    let painted: Element | null = el;
    while (painted && getComputedStyle(painted).backgroundColor === 'rgba(0, 0, 0, 0)') painted = painted.parentElement;
    return getComputedStyle(painted ?? document.body).backgroundColor;
  });

test.describe('in the dark, issue 56', () => {
  test.use({ colorScheme: 'dark' });

  test('the home banner’s label reads, and the admin area’s cards are dark', async ({ page }) => {
    await page.goto('/create_id');
    const banner = page.getByRole('main').locator('section').first();
    const label = banner.getByText('Create ID', { exact: true });
    await expect(label).toBeVisible();
    // The banner is a gradient, which axe cannot read: its text against the gradient's start,
    // its lightest colour.
    const start = await banner.evaluate((el) => getComputedStyle(el).getPropertyValue('--tw-gradient-from').trim());
    expect(start).not.toBe('');
    expect(await contrastOf(label, start)).toBeGreaterThanOrEqual(4.5);
    await expectNoSeriousA11yViolations(page);

    await loginViaUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // A card's heading: the card behind it is dark, and the heading reads on it.
    const heading = page.getByRole('heading', { level: 2, name: 'Last 7 days' });
    await expect(heading).toBeVisible();
    const [r, g, b] = (await paintedBehind(heading)).match(/[\d.]+/g)!.map(Number);
    expect(r! + g! + b!, 'a dark card, not a white one on navy').toBeLessThan(150);
    expect(await contrastOf(heading)).toBeGreaterThanOrEqual(4.5);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('installed', () => {
  test.use({ serviceWorkers: 'allow' });

  test('without a network a page is the friendly offline page, and back online the site returns', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto('/create_id');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(await manifest.json()).toMatchObject({ name: 'ID Desk', display: 'standalone' });

    await context.setOffline(true);
    await page.goto('/media');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await context.setOffline(false);
    await page.getByRole('link', { name: /try again/i }).click();
    await expect(page.getByRole('heading', { level: 1, name: /media/i })).toBeVisible();
    // A call the page had in flight when the network went (the catalogue's refetch, seen once
    // in CI) fails with this, as the test means it to; every other console error still fails it.
    const provoked = (text: string) => text === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED';
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !provoked(text)));
  });

  test('the offline page is in the language the site was last read in (issue 56)', async ({ page, context, consoleErrors }) => {
    await page.goto('/media');
    await page.evaluate(() => localStorage.setItem('locale', 'hi'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'मीडिया' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto('/create_id');
    await expect(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle('आप ऑफ़लाइन हैं · ID Desk');
    await expect(page.getByRole('link', { name: 'फिर से कोशिश करें' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await context.setOffline(false);
    const provoked = (text: string) => text === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED';
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !provoked(text)));
  });

  test('no /api answer in the service worker’s caches after a signed-in visit (issue 51 finding 7)', async ({ page, request }) => {
    await signedInUser(page, request, 'sw');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Pages whose data is private, loaded under the worker's control.
    for (const path of ['/transactions', '/profile', '/notifications', '/create_id']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    // The check can fail: the worker did cache (the app shell and assets), just no /api.
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    // And the answers themselves tell any cache not to keep them.
    const passport = await page.evaluate(async () => {
      const res = await fetch('/api/user/passport', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('api_token') ?? ''}`, accept: 'application/json' },
      });
      return { status: res.status, cacheControl: res.headers.get('cache-control') };
    });
    expect(passport).toEqual({ status: 200, cacheControl: 'no-store' });
  });
});
