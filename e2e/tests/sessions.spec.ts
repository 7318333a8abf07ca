import { expect, loginViaUi, test, registeredUser } from '../support/fixtures';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('a customer ends another of their sessions and that device is signed out at its next poll', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // two browsers sign in
  const user = await registeredUser(request, 'sessions');

  // The phone: signed in, left open on a page that polls.
  const phoneContext = await browser.newContext({ userAgent: PHONE_UA });
  const phone = await phoneContext.newPage();
  await loginViaUi(phone, user.email, user.password);
  await expect(phone).toHaveURL(/\/create_id$/);

  // The laptop: the profile lists both devices, this one marked.
  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.goto('/profile');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  const phoneRow = sessions.getByRole('listitem', { name: 'Safari 17 on iOS 17.4 (mobile)' });
  await expect(phoneRow).toBeVisible();
  await expect(phoneRow).toContainText(/Last used/);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  await phoneRow.getByRole('button', { name: /end session/i }).click();
  await expect(phoneRow).toHaveCount(0);

  // The phone does nothing: its next poll meets the refusal and it is signed out.
  await expect(phone).toHaveURL(/\/login$/, { timeout: 20_000 });
  expect(await phone.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
  // Said in the app's words, with what to do next; never the framework's "Unauthenticated."
  await expect(phone.getByText('You were signed out on this device. Sign in again.')).toBeVisible();
  await expect(phone.getByText(/unauthenticated|unauthorized/i)).toHaveCount(0);

  // The laptop is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await phoneContext.close();
});
