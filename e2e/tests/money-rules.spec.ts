import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_MONEY_LIMITS } from '@iddesk/contract';
import { adminToken, apiGet, apiLogin, apiPost, createCatalogueItem, createUpiPaymentType, pngFile, topUpViaWallet } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expect, loginViaUi, newReference, staffPage, test, registeredUser } from '../support/fixtures';

/**
 * Issue 17: money rules 8–10 (docs/product.md#money-rules) in the browser — the owners' limits shown and
 * enforced in the add-funds form, an ID paused while its close waits, a cancel that gives the
 * held money back.
 */


/** A signed-in customer in `page`, with `amount` in the wallet when given. */
async function customer(request: APIRequestContext, label: string, amount?: string) {
  const user = await registeredUser(request, label);
  const token = await apiLogin(request, user.email, user.password);
  if (amount) await topUpViaWallet(request, token, await adminToken(request), amount);
  return { ...user, token };
}

const balanceOf = async (request: APIRequestContext, token: string) =>
  (await request.post('/api/user/passport', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json()))
    .data.balance as string;

/** Every site setting as it is, with other money limits (the owner's one call for both). */
async function putLimits(request: APIRequestContext, limits: typeof DEFAULT_MONEY_LIMITS) {
  const token = await adminToken(request);
  const { money_limits: _old, display_time_zone: _zone, ...text } = await apiGet<Record<string, unknown>>(request, token, '/settings');
  await apiPost(request, token, '/admin/settings', { ...text, money_limits: limits });
}

test('limits: the owner sets them in Settings; the add-funds form shows them first and refuses amounts outside them', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const staff = await staffPage(browser);
  try {
    // The owner narrows the add-funds range on the settings page.
    await staff.page.goto('/admin/settings');
    await staff.page.getByLabel('Add funds: minimum').fill('150');
    await staff.page.getByLabel('Add funds: maximum').fill('5000');
    await staff.page.getByRole('button', { name: /save settings/i }).click();
    await expect(staff.page.getByText('The site settings have been saved.')).toBeVisible();

    // A minimum above its maximum is refused on the field, nothing typed lost.
    await staff.page.getByLabel('Add funds: minimum').fill('6000');
    await staff.page.getByRole('button', { name: /save settings/i }).click();
    await expect(staff.page.getByText('The maximum must be at least the minimum.')).toBeVisible();
    await expect(staff.page.getByLabel('Add funds: minimum')).toHaveValue('6000');
    await expectNoSeriousA11yViolations(staff.page);

    const user = await customer(request, 'limits');
    const method = await createUpiPaymentType(request, await adminToken(request), `Limits UPI ${Date.now() % 100000}`);
    await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
    await page.goto('/add_funds');
    // Said before anything is typed.
    await expect(page.getByText('The exact amount you paid: ₹150.00 to ₹5,000.00.')).toBeVisible();

    const amount = page.getByLabel(/^amount$/i);
    const send = page.getByRole('button', { name: /^continue$/i });
    for (const [typed, message] of [
      ['120', 'The amount must be at least ₹150.00.'],
      ['5000.01', 'The amount may be at most ₹5,000.00.'],
      ['-5', 'The amount must be greater than zero; leave out the minus sign.'],
      ['12.345', 'The amount can have at most two decimals (paise), like 1500.50.'],
    ] as const) {
      await amount.fill(typed);
      await send.click();
      await expect(page.getByText(message)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    // The server holds to them whatever a client does.
    const direct = await request.post('/api/add_funds', {
      headers: { Authorization: `Bearer ${user.token}` },
      multipart: { amount: '5000.01', payment_type_id: String(method.id), reference: newReference(), proof: await pngFile() },
    });
    expect(direct.status()).toBe(422);
    expect((await direct.json()).errors.amount).toEqual(['The amount may be at most ₹5,000.00.']);

    // Within them, the top-up goes through the confirmation as before.
    await amount.fill('4,999.50');
    await page.getByLabel(/reference \(utr\)/i).fill(newReference());
    await page.getByLabel(/payment screenshot/i).setInputFiles(await pngFile());
    await send.click();
    await page.getByRole('dialog').getByRole('button', { name: /send for approval/i }).click();
    await expect(page.getByText(/top-up sent|request sent/i).first()).toBeVisible();
  } finally {
    await putLimits(request, DEFAULT_MONEY_LIMITS);
    await staff.close();
  }
});

test('limits: the withdraw form says what is left of today’s payout total and refuses more, in the server’s words', async ({
  page,
  request,
}) => {
  await putLimits(request, { ...DEFAULT_MONEY_LIMITS, daily_payout: '2000.00' });
  try {
    const user = await customer(request, 'payout-day', '5000');
    // Earlier today, from another device.
    await apiPost(request, user.token, '/withdraw', { amount: '1500', method: 'upi', upi_id: 'first@okaxis' });

    await loginViaUi(page, user.email, user.password);
    await expect(page).toHaveURL(/\/create_id$/);
    await page.goto('/withdraw');
    await expect(page.getByText("₹100.00 to ₹1,00,000.00 a withdrawal, ₹500.00 left of today's ₹2,000.00.")).toBeVisible();

    const amount = page.getByLabel(/^amount$/i);
    const send = page.getByRole('button', { name: /^continue$/i });
    await amount.fill('600');
    await page.getByLabel(/upi id/i).fill('second@okaxis');
    await send.click();
    await expect(
      page.getByText("That is over today's payout limit of ₹2,000.00: you can withdraw at most ₹500.00 more today."),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // What is left goes through the confirmation; then nothing is left today.
    await amount.fill('500');
    await send.click();
    await page.getByRole('dialog').getByRole('button', { name: /withdraw ₹500\.00/i }).click();
    await expect(page.getByRole('region', { name: 'Withdrawal requested' })).toBeVisible();
    await expect(page.getByText("today's payout limit of ₹2,000.00 is used up: you can withdraw again tomorrow.")).toBeVisible();
    expect(await balanceOf(request, user.token)).toBe('3000.00');
  } finally {
    await putLimits(request, DEFAULT_MONEY_LIMITS);
  }
});

test('a paused ID: while its close waits the ID page pauses every action and says why; cancelling the close frees it', async ({
  page,
  request,
}) => {
  const staffToken = await adminToken(request);
  const item = await createCatalogueItem(request, staffToken, { name: `Heron ${Date.now() % 100000}`, min_deposit: '100' });
  const user = await customer(request, 'paused', '1500');
  const created = await apiPostForm(request, user.token, `/ids/${item.id}/create`, { username: 'heron_one', amount: '500', pay_from: 'wallet' });
  await apiPost(request, staffToken, `/admin/user_ids/${created.id}/approve`, { amount: '500', login: 'heron-login', password: 'Heron-pass-1' });
  await apiPost(request, user.token, `/user_ids/${created.id}/close`);

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.goto(`/my_ids/${created.id}`);
  await expect(page.getByText(/actions are paused: your request to close this ID is waiting/i)).toBeVisible();
  for (const name of [/^deposit$/i, /^withdraw$/i, /^change password$/i, /^close id$/i]) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expectNoSeriousA11yViolations(page);
  // The server refuses the same, with its code.
  const deposit = await request.post(`/api/user_ids/${created.id}/deposit`, {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: { amount: '200', pay_from: 'wallet' },
  });
  expect(deposit.status()).toBe(409);
  expect((await deposit.json()).code).toBe('ID_CLOSING');

  // Cancel the close in the request history: the actions come back.
  await page.getByRole('button', { name: /cancel close request/i }).click();
  const dialog = page.getByRole('dialog', { name: /cancel this close request/i });
  await dialog.getByRole('button', { name: /^cancel request$/i }).click();
  await expect(page.getByText(/your request has been cancelled/i)).toBeVisible();
  await expect(page.getByRole('link', { name: /^deposit$/i })).toBeVisible();
  await expect(page.getByText(/actions are paused/i)).toHaveCount(0);
});

test('cancel: a pending withdrawal and a pending new ID are cancelled by the customer and the held money comes back', async ({
  page,
  request,
}) => {
  const staffToken = await adminToken(request);
  const item = await createCatalogueItem(request, staffToken, { name: `Kestrel ${Date.now() % 100000}`, min_deposit: '100' });
  const user = await customer(request, 'cancels', '1000');
  await apiPost(request, user.token, '/withdraw', { amount: '300', method: 'upi', upi_id: 'cancel.me@okbank' });
  await apiPostForm(request, user.token, `/ids/${item.id}/create`, { username: 'kestrel_one', amount: '250', pay_from: 'wallet' });
  expect(await balanceOf(request, user.token)).toBe('450.00');

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.goto('/transactions');
  await expect(page.getByRole('button', { name: 'Cancel withdrawal of ₹300.00' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cancel withdrawal of ₹300.00' }).click();
  const dialog = page.getByRole('dialog', { name: /cancel this withdrawal/i });
  await expect(dialog.getByText(/returns to your balance at once/i)).toBeVisible();
  await dialog.getByRole('button', { name: /^cancel withdrawal$/i }).click();
  await expect(page.getByText(/withdrawal has been cancelled/i)).toBeVisible();
  await expect(page.getByRole('button', { name: /cancel withdrawal of/i })).toHaveCount(0);
  expect(await balanceOf(request, user.token)).toBe('750.00');

  // The pending new ID on My IDs shows what was paid, and cancels with its hold.
  await page.goto('/my_ids');
  const card = page.getByRole('article', { name: item.name });
  await expect(card.getByText('₹250.00 from your wallet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: new RegExp(`cancel request for the ${item.name} id`, 'i') }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^cancel id request$/i }).click();
  await expect(page.getByText(/your id request has been cancelled/i)).toBeVisible();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await balanceOf(request, user.token)).toBe('1000.00');

  // The done list reads both as cancelled.
  await page.goto('/transactions?tab=done');
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
});

/** A multipart call (the IDs' create call) as the token's owner; the envelope's data. */
async function apiPostForm(request: APIRequestContext, token: string, path: string, multipart: Record<string, string>) {
  const res = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, multipart });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data;
}
