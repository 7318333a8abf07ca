import type { APIRequestContext } from '@playwright/test';
import { PAGE_SIZE } from '@iddesk/contract';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { adminToken, apiLogin, createCatalogueItem, topUpViaWallet } from '../support/api';
import { expect, loginViaUi, test, registeredUser } from '../support/fixtures';

/** A new ID paid from the wallet, through the API: its create request is the ID's first. */
async function requestId(request: APIRequestContext, token: string, itemId: number, username: string) {
  const res = await request.post(`/api/ids/${itemId}/create`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    multipart: { username, amount: '300', pay_from: 'wallet' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data;
}

test('My IDs lists all requests across the IDs, pages through them, and links each to its ID', async ({
  page,
  request,
}) => {
  test.slow(); // sixteen IDs set up through the API before the page opens
  const staffToken = await adminToken(request);
  const stamp = Date.now() % 100000;
  const heron = await createCatalogueItem(request, staffToken, { name: `Heron ${stamp}`, min_deposit: '300' });
  const otter = await createCatalogueItem(request, staffToken, { name: `Otter ${stamp}`, min_deposit: '300' });
  const user = await registeredUser(request, 'allreq');
  const token = await apiLogin(request, user.email, user.password);
  // One more request than a page holds: the oldest lands on page 2.
  const count = PAGE_SIZE + 1;
  await topUpViaWallet(request, token, staffToken, String(300 * count));
  const oldest = await requestId(request, token, otter.id, 'otter_first');
  for (let i = 1; i < count; i++) await requestId(request, token, heron.id, `heron_${i}`);

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.goto('/my_ids');
  const section = page.getByRole('region', { name: 'All requests' });
  const list = section.getByRole('table', { name: /all requests across your ids/i });
  await expect(list.getByRole('row')).toHaveCount(PAGE_SIZE + 1); // the header row, then a page
  await expect(list.getByRole('link', { name: new RegExp(`Heron ${stamp}`) })).toHaveCount(PAGE_SIZE);
  await expect(list.getByText(`Otter ${stamp}`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Page 2 is a new query string: the progress bar runs and the oldest request shows.
  const barSeen = page.waitForSelector('#nprogress', { state: 'attached' });
  await section.getByRole('navigation', { name: /all requests pages/i }).getByRole('link', { name: /next/i }).click();
  await barSeen;
  await expect(page).toHaveURL(/\/my_ids\?page=2$/);
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name: new RegExp(`Otter ${stamp}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/my_ids/${oldest.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Otter ${stamp} ID` })).toBeVisible();
});

test('at 360 px the requests are cards that name their ID', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const staffToken = await adminToken(request);
  const item = await createCatalogueItem(request, staffToken, { name: `Kestrel ${Date.now() % 100000}`, min_deposit: '300' });
  const user = await registeredUser(request, 'allreqm');
  const token = await apiLogin(request, user.email, user.password);
  await topUpViaWallet(request, token, staffToken, '300');
  await requestId(request, token, item.id, 'kestrel_one');

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.goto('/my_ids');
  const cards = page.getByRole('list', { name: /all requests across your ids/i });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  const card = cards.getByRole('listitem').first();
  await expect(card.getByText('New ID', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: new RegExp(item.name) })).toBeVisible();
  await expect(card.getByText('@kestrel_one')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
});
