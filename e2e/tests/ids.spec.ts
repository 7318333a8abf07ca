import type { Page } from '@playwright/test';
import { adminToken, apiLogin, createCatalogueItem, pngFile, topUpViaWallet } from '../support/api';
import { expect, loginViaUi, staffPage, test, registeredUser } from '../support/fixtures';

async function expectMenuBalance(page: Page, text: string) {
  await page.getByRole('button', { name: /open menu/i }).first().click();
  const menu = page.getByRole('dialog', { name: /menu/i });
  await expect(menu.getByText(text)).toBeVisible();
  await menu.getByRole('button', { name: /close menu/i }).click();
}


/**
 * Opens `name`'s pending item in a staff queue. Queues are oldest first (issue 16), so an
 * earlier story's items may fill the first pages: look page by page.
 */
async function openPending(page: Page, url: string, name: string, link: RegExp) {
  for (let n = 1; n <= 10; n += 1) {
    await page.goto(`${url}?page=${n}`);
    await expect(page.getByRole('table')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    if ((await row.count()) > 0) {
      await row.getByRole('link', { name: link }).click();
      return;
    }
  }
  throw new Error(`${name} is not in ${url}`);
}

test('an ID from request to close: wallet hold, approval with credentials, deposit, close credited', async ({
  page,
  browser,
  request,
}) => {
  // Two actors and eleven steps across customer and staff pages: more than the default minute.
  test.slow();
  const staffToken = await adminToken(request);
  const item = await createCatalogueItem(request, staffToken, { name: `Falcon ${Date.now() % 100000}`, min_deposit: '300' });
  const user = await registeredUser(request, 'idflow');
  await topUpViaWallet(request, await apiLogin(request, user.email, user.password), staffToken, '2000');

  // The customer asks for an ID paid from the wallet.
  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.getByRole('article', { name: item.name }).getByRole('link', { name: /^create id/i }).click();
  await expect(page).toHaveURL(new RegExp(`/create_id/${item.id}$`));
  await page.getByLabel(/^username$/i).fill('falcon_player');
  await page.getByLabel(/^amount$/i).fill('1000');
  await page.getByRole('radio', { name: /^wallet/i }).check({ force: true });
  await page.getByRole('button', { name: /^request id$/i }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY), 'the form is scrolled').toBeGreaterThan(0);
  await page.getByRole('button', { name: /^request id$/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: /confirm request/i }).click();
  await expect(page).toHaveURL(/\/my_ids$/);
  // My IDs opens at its top, the new request in view, wherever the form was scrolled (issue 56).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expectMenuBalance(page, '₹1,000.00');

  // Staff approve it with a login and password.
  const staff = await staffPage(browser);
  await openPending(staff.page, '/admin/new_ids', user.name, /new id #/i);
  await staff.page.getByLabel(/^login$/i).fill('falcon_login_77');
  await staff.page.getByLabel(/^password$/i).fill('Sup3r-Secret-Pass');
  let handled = staff.page.url();
  await staff.page.getByRole('button', { name: 'Approve', exact: true }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /approve and send the login/i }).click();
  // The next pending new ID opens, or the queue when none is left (issue 16).
  await expect(staff.page).not.toHaveURL(handled);
  await expect(staff.page).toHaveURL(/\/admin\/new_ids(\/\d+)?$/);

  // The customer sees the credentials.
  await page.goto('/my_ids');
  await page.getByRole('article').filter({ hasText: item.name }).getByRole('link', { name: /view details/i }).click();
  await expect(page.getByText('falcon_login_77')).toBeVisible();
  await page.getByRole('button', { name: /show password/i }).click();
  await expect(page.getByText('Sup3r-Secret-Pass')).toBeVisible();
  const detailsUrl = page.url();

  // Deposit from the wallet, approved by staff.
  await page.getByRole('link', { name: /^deposit$/i }).click();
  // Quick amounts keep to the larger minimum, the item's ₹300 (issue 56): ₹500 up.
  const quick = page.getByRole('group', { name: 'Quick amounts' });
  await expect(quick.getByRole('button')).toHaveText(['₹500', '₹1,000', '₹2,000', '₹5,000']);
  await quick.getByRole('button', { name: '₹1,000' }).click();
  await expect(page.getByLabel(/^amount$/i)).toHaveValue('1000');
  await expect(quick.getByRole('button', { name: '₹1,000' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel(/^amount$/i).fill('400');
  await page.getByRole('radio', { name: /^wallet/i }).check({ force: true });
  await page.getByRole('button', { name: /^deposit$/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: /confirm deposit/i }).click();
  await expect(page.getByText(/request sent|we will process/i).first()).toBeVisible();
  await expectMenuBalance(page, '₹600.00');

  await openPending(staff.page, '/admin/requests_pending', user.name, /deposit #/i);
  handled = staff.page.url();
  await staff.page.getByRole('button', { name: 'Approve', exact: true }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /^approve/i }).click();
  await expect(staff.page).not.toHaveURL(handled);
  await expect(staff.page).toHaveURL(/\/admin\/(requests_pending|requests\/\d+)$/);

  // Close the ID; staff confirm 1 250 left in it, which lands in the wallet.
  await page.goto(detailsUrl);
  await page.getByRole('link', { name: /^close id$/i }).click();
  await page.getByRole('button', { name: /^close id$/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: /yes, close this id/i }).click();
  await expect(page.getByText(/request sent|we will process/i).first()).toBeVisible();

  await openPending(staff.page, '/admin/requests_pending', user.name, /close #/i);
  await staff.page.getByLabel(/amount left in the id/i).fill('1250');
  handled = staff.page.url();
  await staff.page.getByRole('button', { name: 'Approve', exact: true }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /approve and credit/i }).click();
  await expect(staff.page).not.toHaveURL(handled);
  await expect(staff.page).toHaveURL(/\/admin\/(requests_pending|requests\/\d+)$/);
  await staff.close();

  await page.goto('/my_ids');
  await expectMenuBalance(page, '₹1,850.00');
  await expect(page.getByRole('article').filter({ hasText: item.name }).getByText('Closed', { exact: true })).toBeVisible();
});

test('the admin creates a catalogue item with a logo and it appears on /create_id', async ({ page, browser }) => {
  const name = `Orbit ${Date.now() % 100000}`;
  const staff = await staffPage(browser);
  await staff.page.goto('/admin/ids');
  await staff.page.getByRole('link', { name: /add id/i }).click();
  await staff.page.getByLabel(/^name$/i).fill(name);
  await staff.page.getByLabel(/^website$/i).fill('https://orbit.example.com');
  await staff.page.getByLabel(/^minimum deposit$/i).fill('250');
  await staff.page.getByLabel(/^logo$/i).setInputFiles(await pngFile('orbit.png', '#7c3aed'));
  await expect(staff.page.getByRole('img', { name: /preview of orbit.png/i })).toBeVisible();
  await staff.page.getByRole('button', { name: /add to catalogue/i }).click();
  await expect(staff.page).toHaveURL(/\/admin\/ids$/);
  await staff.close();

  await page.goto('/create_id');
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('₹250.00')).toBeVisible();
  // The logo is decorative (alt=""), so it has no role; check the uploaded file really renders.
  const logo = card.locator('img').first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
