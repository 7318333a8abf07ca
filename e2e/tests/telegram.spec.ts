import { type FakeBotApi, startFakeBotApi } from '../../apps/server/test/helpers/fake-bot-api';
import { adminToken, createUpiPaymentType, pngFile } from '../support/api';
import { BASE_URL, E2E_TELEGRAM_PORT } from '../support/env';
import { expect, newReference, signedInUser, staffPage, test } from '../support/fixtures';

/**
 * Issue 55 item 3 (docs/product.md#telegram): a customer links Telegram from the profile, staff
 * approve their top-up, and the approval reaches the chat in Hindi. The test plays the
 * person's side in Telegram: the fake Bot API on loopback delivers their /start to the app's
 * webhook exactly as Telegram would, and records what the bot sends.
 */

let fake: FakeBotApi;

test.beforeAll(async () => {
  // On the port the e2e server was told its Bot API is at (TELEGRAM_API_URL).
  fake = await startFakeBotApi({ port: E2E_TELEGRAM_PORT });
});
test.afterAll(async () => {
  await fake.close();
});

test('a customer links Telegram on the profile and gets the approval of a top-up there in Hindi', async ({
  page,
  browser,
  request,
}) => {
  const staffToken = await adminToken(request);
  const method = await createUpiPaymentType(request, staffToken, `E2E Telegram ${Date.now()}`);
  const user = await signedInUser(page, request, 'telegram');

  await page.goto('/profile');
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  const card = page.getByRole('region', { name: 'Telegram' });
  await expect(card).toContainText('जुड़ा नहीं');
  await card.getByRole('button', { name: 'Telegram जोड़ें' }).click();

  // Waiting for the /start: the bot's link (also as a QR code on wide screens, and to copy).
  const open = card.getByRole('link', { name: /Telegram खोलें/ });
  await expect(open).toHaveAttribute('href', new RegExp(`^https://t\\.me/${fake.username}\\?start=[\\w-]+$`));
  await expect(card.getByRole('button', { name: /कॉपी/ })).toBeVisible();
  await expect(card.getByText(/Start दबाने का इंतज़ार/)).toBeVisible();
  const code = new URL((await open.getAttribute('href'))!).searchParams.get('start')!;

  // The person presses Start in Telegram: Telegram delivers "/start <code>" to the webhook.
  const chat = 6_000_000_000 + Math.floor(Math.random() * 1_000_000);
  expect(await fake.write(chat, `/start ${code}`, { username: 'e2e_asha', language_code: 'en' })).toBe(200);
  await expect(card).toContainText('Telegram जुड़ गया', { timeout: 10_000 });
  await expect(card).toContainText('@e2e_asha');
  const [welcome] = await fake.waitFor(chat, 1);
  expect(welcome!.text).toContain('यह चैट आपके खाते से जुड़ गई है');

  // A top-up, approved by staff in their browser (in English).
  const topUp = await request.post('/api/add_funds', {
    headers: { Authorization: `Bearer ${user.token}`, Accept: 'application/json' },
    multipart: { amount: '750', payment_type_id: String(method.id), reference: newReference(), proof: await pngFile() },
  });
  expect(topUp.status(), await topUp.text()).toBe(200);
  const bill = ((await topUp.json()) as { data: { id: number } }).data;
  const staff = await staffPage(browser);
  await staff.page.goto(`/admin/bills/${bill.id}`);
  await staff.page.getByRole('button', { name: /^approve$/i }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /approve and credit/i }).click();
  await staff.close();

  // The approval, in the customer's language, with the page it is about.
  const [, approval] = await fake.waitFor(chat, 2);
  expect(approval!.text).toBe(
    `पैसे जुड़ गए\nआपका ₹750.00 का टॉप-अप (बिल #${bill.id}) मंज़ूर हो गया है और अब आपके बैलेंस में है।\n${BASE_URL}/transactions`,
  );

  // One tap unlinks; the chat is told.
  await card.getByRole('button', { name: 'Telegram अलग करें' }).click();
  await expect(card).toContainText('जुड़ा नहीं');
  await expect(card.getByRole('button', { name: 'Telegram जोड़ें' })).toBeVisible();
  const [, , goodbye] = await fake.waitFor(chat, 3);
  expect(goodbye!.text).toContain('इस चैट को आपकी प्रोफ़ाइल से अलग कर दिया गया');
});
