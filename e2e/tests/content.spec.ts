import type { APIRequestContext } from '@playwright/test';
import { adminToken, apiPost, pngFile } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { BASE_URL } from '../support/env';
import { admin, expect, loginViaUi, test, registeredUser, signedInUser } from '../support/fixtures';

const WHATSAPP = '919812300077';
const SETTINGS = {
  site_name: 'ID Desk',
  contact_phone: '+91 98123 00077',
  whatsapp: WHATSAPP,
  telegram: 'iddesk_e2e',
  email: 'desk@e2e.test',
  instagram: 'https://instagram.com/iddesk_e2e',
  facebook: '',
  youtube: 'https://youtube.com/@iddesk_e2e',
  x: '',
  terms_text:
    'First rule: be kind.\n\nSecond rule: <script>window.__termsXss = 1</script> stays text.',
};


/** The site as an operator would have it: contacts, a gallery image and a review. */
async function configureSite(request: APIRequestContext) {
  const token = await adminToken(request);
  await apiPost(request, token, '/admin/settings', SETTINGS);
  const res = await request.post('/api/admin/media/create', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    multipart: { title: 'E2E gallery image', order: '0', image: await pngFile('gallery.png') },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token: userToken } = await registeredUser(request, 'reviewer');
  await apiPost(request, userToken, '/add_review', { rating: 5, text: 'Quick and friendly desk.' });
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  await configureSite(request);
  await request.dispose();
});

test('a guest opens each public page from the header links and the footer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/create_id');
  const main = page.getByRole('navigation', { name: 'Main' });

  await main.getByRole('link', { name: 'Media', exact: true }).click();
  await expect(page).toHaveURL(/\/media$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  await expect(page.getByText('E2E gallery image').first()).toBeVisible();

  await main.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('Quick and friendly desk.').first()).toBeVisible();

  await main.getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  const cards = page.getByRole('main');
  await expect(cards.getByRole('link', { name: /whatsapp/i })).toHaveAttribute(
    'href',
    `https://wa.me/${WHATSAPP}`,
  );
  await expect(cards.getByRole('link', { name: /call us/i })).toHaveAttribute(
    'href',
    'tel:+919812300077',
  );
  await expect(cards.getByRole('link', { name: /telegram/i })).toHaveAttribute(
    'href',
    'https://t.me/iddesk_e2e',
  );
  await expect(cards.getByRole('link', { name: /email/i })).toHaveAttribute(
    'href',
    'mailto:desk@e2e.test',
  );

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms' })).toBeVisible();
  await expect(page.getByText('First rule: be kind.')).toBeVisible();

  await main.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/create_id$/);

  // The desktop header shows the contact number from the settings.
  await expect(
    page.getByRole('banner').getByRole('link', { name: /\+91 98123 00077/ }),
  ).toBeVisible();
});

test('a <script> in the terms or a review renders as text and never runs', async ({
  page,
  request,
}) => {
  const { token } = await registeredUser(request, 'xss');
  const payload = '<script>window.__reviewXss = 1</script><b>bold?</b>';
  await apiPost(request, token, '/add_review', { rating: 3, text: payload });

  await page.goto('/reviews');
  await expect(page.getByText(payload)).toBeVisible();
  await page.goto('/policy');
  await expect(
    page.getByText('Second rule: <script>window.__termsXss = 1</script> stays text.'),
  ).toBeVisible();
  const ran = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return [w.__reviewXss, w.__termsXss];
  });
  expect(ran).toEqual([undefined, undefined]);
  expect(await page.locator('main script, main b').count()).toBe(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom bar: Share and Follow Us toggle their blocks, Chat opens the WhatsApp number', async ({
    page,
  }) => {
    await page.goto('/contacts');
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    const share = bar.getByRole('button', { name: 'Share' });
    const follow = bar.getByRole('button', { name: 'Follow Us' });
    const shareBlock = page.locator('#share-links');
    const followBlock = page.locator('#follow-links');

    await expect(shareBlock).toBeHidden();
    await share.click();
    await expect(share).toHaveAttribute('aria-expanded', 'true');
    await expect(shareBlock.getByRole('link', { name: 'WhatsApp' })).toBeVisible();
    await share.click();
    await expect(shareBlock).toBeHidden();

    await follow.click();
    await expect(follow).toHaveAttribute('aria-expanded', 'true');
    await expect(followBlock.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      SETTINGS.instagram,
    );
    await expect(followBlock.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/iddesk_e2e',
    );
    // Only the profiles that are set: no Facebook, no X.
    await expect(followBlock.getByRole('link')).toHaveCount(3);
    // Opening one block closes the other.
    await share.click();
    await expect(followBlock).toBeHidden();
    await expect(shareBlock).toBeVisible();
    await share.click();
    await expect(shareBlock).toBeHidden();

    await expect(bar.getByRole('link', { name: 'Chat' })).toHaveAttribute(
      'href',
      `https://wa.me/${WHATSAPP}`,
    );
  });

  test('issue 56: on a money form the bar steps aside; it is back everywhere else', async ({ page, request }) => {
    await signedInUser(page, request, 'focus');
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await expect(bar).toBeVisible();
    for (const path of ['/add_funds', '/withdraw']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(bar).toHaveCount(0);
    }
    await page.goto('/transactions');
    await expect(bar).toBeVisible();
  });

  test('the admin changes the top block and a guest’s mobile header shows it', async ({
    page,
    browser,
  }) => {
    const text = `Weekend offer ${Date.now()}: 5% bonus`;
    await loginViaUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/top_block');
    const field = page.getByLabel('Announcement text');
    await field.fill(text);
    // The live preview follows the typing.
    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText(text);
    await page.getByRole('button', { name: 'Save announcement' }).click();
    await expect(page.getByText(/scrolling announcement has been saved/i).first()).toBeVisible();

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await guest.newPage();
    await guestPage.goto('/create_id');
    await expect(
      guestPage.getByRole('banner').getByRole('region', { name: 'Announcement' }),
    ).toContainText(text);
    await guest.close();
  });

  test('a signed-in user adds a review and sees it on /reviews', async ({ page, request }) => {
    const user = await signedInUser(page, request, 'writer');

    await page.goto('/reviews');
    await page.getByRole('link', { name: 'Add review' }).click();
    await expect(page).toHaveURL(/\/add_review$/);

    // Nothing chosen: both fields complain.
    await page.getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    await expect(page.getByText('Write a few words about your experience.')).toBeVisible();

    const rating = page.getByRole('group', { name: 'Your rating' });
    await rating.getByRole('radio', { name: '4 stars' }).check({ force: true });
    const text = `Approved in minutes, thanks! ${Date.now()}`;
    await page.getByLabel('Your review').fill(text);
    await expect(page.getByText(`${text.length} / 5,000 characters`)).toBeVisible();
    await page.getByRole('button', { name: 'Publish review' }).click();

    await expect(page).toHaveURL(/\/reviews$/);
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: user.name })).toBeVisible();
    await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  });
});

test('axe finds no serious or critical violation on any public page, desktop and phone', async ({
  page,
}) => {
  test.slow(); // ten page loads, each analysed by axe
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ['/create_id', '/media', '/reviews', '/contacts', '/policy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Wait for the content, not the skeleton.
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
  }
});
