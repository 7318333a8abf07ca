import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { adminToken, apiGet, apiLogin, apiPost, createUpiPaymentType, pngFile } from '../support/api';
import { expect, loginViaUi, newReference, test, registeredUser, signedInUser, staffPage } from '../support/fixtures';

async function sideMenuBalance(page: Page) {
  await page.getByRole('button', { name: /open menu/i }).first().click();
  const menu = page.getByRole('dialog', { name: /menu/i });
  await expect(menu).toBeVisible();
  return menu;
}

async function closeMenu(page: Page) {
  await page.getByRole('button', { name: /close menu/i }).click();
}

async function userIdByEmail(request: Parameters<typeof apiGet>[0], token: string, email: string) {
  const res = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { search: email },
  });
  const body = (await res.json()) as { data: { items: { id: number; email: string }[] } };
  const found = body.data.items.find((u) => u.email === email);
  expect(found, `user ${email}`).toBeTruthy();
  return found!.id;
}

/** A new customer with a ₹1,000 opening balance credited by the admin. */
async function fundedUser(request: Parameters<typeof apiGet>[0], label: string) {
  const token = await adminToken(request);
  const user = await registeredUser(request, label);
  const userId = await userIdByEmail(request, token, user.email);
  await apiPost(request, token, '/admin/deposit/create', { user_id: userId, amount: '1000', comment: 'e2e opening balance' });
  return user;
}

/** Asks for a ₹200 payout to `upi` on /withdraw and confirms it. */
async function withdraw200ViaUi(page: Page, upi: string) {
  await page.goto('/withdraw');
  await page.getByLabel(/^amount$/i).fill('200');
  await page.getByLabel(/upi id/i).fill(upi);
  await page.getByRole('button', { name: /continue|withdraw/i }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: /withdraw ₹200\.00/i }).click();
  await expect(page.getByRole('region', { name: 'Withdrawal requested' })).toBeVisible();
}

test('a user adds funds with a screenshot, the admin approves it, and the side-menu balance shows it', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const method = await createUpiPaymentType(request, token, `E2E UPI ${Date.now()}`);
  const user = await signedInUser(page, request, 'topup');

  await page.goto('/add_funds');
  await page.getByRole('radio', { name: new RegExp(method.name) }).check({ force: true });
  await page.getByLabel(/^amount$/i).fill('500');
  await page.getByRole('textbox', { name: /reference/i }).fill(newReference());
  await page.getByLabel(/payment screenshot/i).setInputFiles(await pngFile());
  await page.getByRole('button', { name: /^continue$/i }).click();
  const confirm = page.getByRole('dialog', { name: /confirm your top-up/i });
  await confirm.getByRole('button', { name: /send for approval/i }).click();
  // Confirmed once: the page's panel, marked pending, and no toast saying it again (issue 56).
  const sent = page.getByRole('region', { name: 'Top-up sent for approval' });
  await expect(sent).toBeVisible();
  await expect(sent.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^notifications/i }).getByRole('listitem')).toHaveCount(0);

  // Nothing is credited before staff approve it.
  let menu = await sideMenuBalance(page);
  await expect(menu.getByText('₹0.00')).toBeVisible();
  await closeMenu(page);

  const staff = await staffPage(browser);
  await staff.page.goto('/admin/bills_pending');
  const row = staff.page.getByRole('row').filter({ hasText: user.name });
  await row.getByRole('link', { name: /bill #/i }).click();
  await expect(staff.page.getByRole('heading', { level: 1, name: /bill #/i })).toBeVisible();
  await expect(staff.page.getByRole('img', { name: /screenshot|proof/i }).first()).toBeVisible();
  const billUrl = staff.page.url();
  await staff.page.getByRole('button', { name: /^approve$/i }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /approve and credit/i }).click();
  // The next pending bill opens, or the queue when none is left (issue 16).
  await expect(staff.page).not.toHaveURL(billUrl);
  await expect(staff.page).toHaveURL(/\/admin\/(bills_pending|bills\/\d+)$/);
  await staff.close();

  // The next navigation reloads user info; the balance shows the credit.
  await page.goto('/transactions');
  menu = await sideMenuBalance(page);
  await expect(menu.getByText('₹500.00')).toBeVisible();
});

test('a user withdraws, the admin rejects it, and the balance is restored', async ({ page, browser, request }) => {
  const user = await fundedUser(request, 'payout');

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await withdraw200ViaUi(page, 'payout.user@okbank');

  let menu = await sideMenuBalance(page);
  await expect(menu.getByText('₹800.00')).toBeVisible();
  await closeMenu(page);

  const staff = await staffPage(browser);
  await staff.page.goto('/admin/withdraw_pending');
  await staff.page.getByRole('row').filter({ hasText: user.name }).getByRole('link').first().click();
  await expect(staff.page.getByText('payout.user@okbank').first()).toBeVisible();
  const withdrawalUrl = staff.page.url();
  await staff.page.getByLabel(/rejection comment/i).fill('UPI id does not match the account name');
  await staff.page.getByRole('button', { name: /^reject/i }).first().click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /^reject/i }).click();
  await expect(staff.page).not.toHaveURL(withdrawalUrl);
  await expect(staff.page).toHaveURL(/\/admin\/(withdraw_pending|withdraw\/\d+)$/);
  await staff.close();

  await page.goto('/transactions');
  menu = await sideMenuBalance(page);
  await expect(menu.getByText('₹1,000.00')).toBeVisible();
  const userToken = await apiLogin(request, user.email, user.password);
  const ledger = await apiGet<{ items: { status: string }[] }>(request, userToken, '/transactions?pending=0');
  expect(ledger.items.map((t) => t.status)).toContain('rejected');
});

test('the admin blocks a user, and the user is logged out on their next action', async ({ page, browser, request }) => {
  const user = await signedInUser(page, request, 'blocked');
  // Off the site while staff act, so the 5 s poll cannot end the session first and the next
  // action below is what meets the refusal.
  await page.goto('about:blank');

  const staff = await staffPage(browser);
  await staff.page.goto('/admin/users');
  await staff.page.getByLabel(/^search$/i).fill(user.email);
  await staff.page.getByRole('button', { name: /search/i }).click();
  await staff.page.getByRole('link', { name: user.name }).first().click();
  await staff.page.getByRole('button', { name: /block user/i }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /block user/i }).click();
  await expect(staff.page.getByRole('button', { name: /unblock user/i })).toBeVisible();
  // The user's history says it in words, not as the stored field.
  const history = staff.page.getByRole('region', { name: /history/i });
  await expect(history.getByText('User blocked')).toBeVisible();
  await expect(history.getByText('Blocked: No to Yes', { exact: true })).toBeVisible();
  await staff.close();

  // The next action (here: opening My IDs) ends the session: the server refuses every token
  // of a blocked user.
  await page.goto('/my_ids');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
});

test('a withdrawal whose answer is lost on the network is retried with its key and happens once', async ({
  page,
  request,
  consoleErrors,
}) => {
  const user = await fundedUser(request, 'retry');

  // The first send reaches the server, which moves the money, but its answer never arrives.
  const keys: (string | undefined)[] = [];
  await page.route('**/api/withdraw', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await withdraw200ViaUi(page, 'retry.user@okbank');

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);

  const menu = await sideMenuBalance(page);
  await expect(menu.getByText('₹800.00')).toBeVisible();
  const userToken = await apiLogin(request, user.email, user.password);
  const ledger = await apiGet<{ items: { kind: string }[] }>(request, userToken, '/transactions?pending=1');
  expect(ledger.items.filter((t) => t.kind === 'withdrawal')).toHaveLength(1);

  // The dropped answer is the one failed load this story provokes on purpose.
  const dropped = consoleErrors.filter((e) => /net::ERR_CONNECTION_RESET/.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !dropped.includes(e)));
});

test('a customer filters their transactions by type and day and downloads that statement (issue 56)', async ({
  page,
  request,
}) => {
  const user = await signedInUser(page, request, 'statement');
  const token = await apiLogin(request, user.email, user.password);
  const me = await apiPost<{ id: number }>(request, token, '/user/passport');
  await apiPost(request, await adminToken(request), '/admin/deposit/create', { user_id: me.id, amount: '1500', comment: 'opening' });
  await apiPost(request, token, '/withdraw', { amount: '200', method: 'upi', upi_id: 'me@okicici' });

  await page.goto('/transactions');
  const main = page.getByRole('main');
  await expect(main.getByText('Deposit by admin: opening').first()).toBeVisible();
  await main.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('search', { name: 'Filter your transactions' });
  await filters.getByLabel('Type').selectOption({ label: 'Withdrawal' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/kind=withdrawal/);
  await expect(main.getByText('Withdrawal to UPI me@okicici').first()).toBeVisible();
  await expect(main.getByText('Deposit by admin: opening')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // A day the customer types as dd/mm/yyyy (the fields stay open); a wrong one is said on its
  // field, nothing applied.
  await filters.getByLabel('From day').fill('31/02/2026');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters.getByText('Enter the day as dd/mm/yyyy, like 31/12/2026.')).toBeVisible();
  await filters.getByLabel('From day').fill('01/01/2020');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expectNoSeriousA11yViolations(page);

  // The statement is the rows the list shows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download statement (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statement.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Withdrawal to UPI me@okicici');
  expect(lines[1]).toContain('-200.00');

  // A type with nothing in it: the filtered empty state.
  await expect(main.getByRole('button', { name: 'Filters (2)' })).toHaveAttribute('aria-expanded', 'true');
  await filters.getByLabel('Type').selectOption({ label: 'New ID' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(main.getByText('No transactions match these filters')).toBeVisible();
});

test('quick amounts fill the top-up amount within the owner’s limits (issue 56)', async ({ page, request }) => {
  await signedInUser(page, request, 'quick');
  await page.goto('/add_funds');
  // The default limits: ₹100 to ₹2,00,000.
  await expect(page.getByText('₹100.00 to ₹2,00,000.00')).toBeVisible();
  const quick = page.getByRole('group', { name: 'Quick amounts' });
  await expect(quick.getByRole('button')).toHaveText(['₹500', '₹1,000', '₹2,000', '₹5,000']);
  await quick.getByRole('button', { name: '₹2,000' }).click();
  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveValue('2000');
  await expect(quick.getByRole('button', { name: '₹2,000' })).toHaveAttribute('aria-pressed', 'true');
  // The field stays the amount's one place: typing another unchooses the chip.
  await amount.fill('2500');
  await expect(quick.getByRole('button', { name: '₹2,000' })).toHaveAttribute('aria-pressed', 'false');
  await expectNoSeriousA11yViolations(page);
});

test('a movement’s receipt: reference, time, status steps, share and report a problem (issue 56)', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signedInUser(page, request, 'receipt');
  const token = await apiLogin(request, user.email, user.password);
  const me = await apiPost<{ id: number }>(request, token, '/user/passport');
  await apiPost(request, await adminToken(request), '/admin/deposit/create', { user_id: me.id, amount: '900', comment: 'opening' });
  const held = await apiPost<{ id: number }>(request, token, '/withdraw', { amount: '250', method: 'upi', upi_id: 'me@okicici' });
  expect(held.id).toBeGreaterThan(0);

  await page.goto('/transactions');
  await page.getByRole('main').getByRole('link', { name: 'Withdrawal to UPI me@okicici' }).first().click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(main.getByText(/^TX-\d{6}$/)).toBeVisible();
  await expect(main.getByText('Waiting for the desk')).toBeVisible();
  await expect(main.getByText('Not handled yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main.getByRole('button', { name: 'Share receipt' }).click();
  await expect(page.getByText('Receipt copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^TX-\d{6}: Withdrawal to UPI me@okicici, ₹250\.00, /);

  // Report a problem goes to the site's support (the contacts page without a WhatsApp number).
  await main.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page).toHaveURL(/\/contacts$/);

  // Another customer's receipt is not found.
  await page.goto('/transactions/999999');
  await expect(page.getByRole('main')).toContainText('This transaction does not exist');
});
