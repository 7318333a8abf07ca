import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { adminToken, apiLogin, apiPost, createCatalogueItem, createUpiPaymentType, pngFile, topUpViaWallet } from '../support/api';
import { expect, loginViaUi, newReference, newUser, test, type registerViaApi, type TestUser, registeredUser, signedInUser } from '../support/fixtures';

/**
 * Issue 18: the site in Hindi. The language switch, a first visit that follows the browser,
 * registering in Hindi with the server answering in Hindi, a notification written in the
 * reader's language, the choice kept for the account on another browser, and the money stories
 * in Hindi: add funds, request an ID, staff approving a top-up. Dates in Hindi carry Hindi's
 * month names with Latin digits.
 */

const DEVANAGARI = /[\u0900-\u097F]/;

/** A Hindi month name in a written date, Latin digits around it: "25 नवंबर 2026". */
const HINDI_DATE = /\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}/;

/** The menu button is named in the page's language: "Open menu", "मेन्यू खोलें". */
async function openSideMenu(page: Page, name: string | RegExp = /open menu/i) {
  await page.getByRole('button', { name }).first().click();
  return page.getByRole('dialog');
}

/** A browser whose language is Hindi: its first visit to the site is in Hindi. */
async function hindiBrowser(browser: Browser) {
  const context = await browser.newContext({ locale: 'hi-IN' });
  return { context, page: await context.newPage() };
}

async function registerInHindi(request: Parameters<typeof registerViaApi>[0], user: TestUser) {
  const res = await request.post('/api/auth/register', {
    headers: { 'Accept-Language': 'hi' },
    data: { ...user, password_confirmation: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the side menu switches the site to Hindi, and the choice survives a reload', async ({ page }) => {
  await page.goto('/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  const menu = await openSideMenu(page);
  await menu.getByRole('radio', { name: 'हिन्दी' }).check();
  await expect(page.getByRole('dialog', { name: 'मेन्यू' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'लॉग इन करें' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'मीडिया' })).toBeVisible();
  await expect(page).toHaveTitle(/^मीडिया · /);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'मीडिया' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectNoSeriousA11yViolations(page);

  // And back: English again, kept as well.
  await (await openSideMenu(page, 'मेन्यू खोलें')).getByRole('radio', { name: 'English' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
});

test('a Hindi browser registers in Hindi: labels, a zod error, a server field error, a Hindi welcome', async ({
  browser,
  request,
}) => {
  const taken = await registeredUser(request, 'hindi-taken');
  const { context, page } = await hindiBrowser(browser);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'अपना खाता बनाएँ' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expectNoSeriousA11yViolations(page);

  const user = newUser('hindi');
  await page.getByLabel('नाम', { exact: true }).fill('A');
  await page.getByLabel('ईमेल', { exact: true }).fill(taken.email);
  await page.getByLabel('फ़ोन नंबर', { exact: true }).fill(user.phone);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(user.password);
  await page.getByLabel('पासवर्ड दोबारा डालें').fill(user.password);
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  // The contract's zod message, checked in the browser before anything is sent.
  await expect(page.getByText('नाम कम से कम 2 अक्षरों का होना चाहिए।').first()).toBeVisible();

  await page.getByLabel('नाम', { exact: true }).fill('आशा राव');
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  // The server's field error, in the language the call asked for.
  await expect(page.getByText('यह ईमेल पहले से किसी खाते में है।').first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('ईमेल', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expect(page.getByText('स्वागत है! आपका खाता बन गया है।')).toBeVisible();
  await expect(page).toHaveURL(/\/create_id$/);

  // Registered in Hindi, so the account is Hindi.
  const token = await page.evaluate(() => localStorage.getItem('api_token'));
  const passport = await request.post('/api/user/passport', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await passport.json()) as { data: { locale: string } }).data.locale).toBe('hi');
  await context.close();
});

test('a notification reads in Hindi for a Hindi customer, whatever language the staff use', async ({
  browser,
  request,
}) => {
  const user = newUser('hindi-notice');
  await registerInHindi(request, user);
  const admin = await adminToken(request);
  const passport = await request.post('/api/auth/login', { data: { login: user.email, password: user.password } });
  const token = ((await passport.json()) as { data: { api_token: string } }).data.api_token;
  const me = await apiPost<{ id: number }>(request, token, '/user/passport');
  await apiPost(request, admin, '/admin/deposit/create', { user_id: me.id, amount: '150000', comment: 'welcome bonus' });

  const { context, page } = await hindiBrowser(browser);
  await loginWithHindiLabels(page, user);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'सूचनाएँ' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'बैलेंस में पैसे जोड़े गए' })).toBeVisible();
  // Money keeps Indian grouping and Latin digits in Hindi.
  await expect(page.getByText('हमारी टीम ने आपके बैलेंस में ₹1,50,000.00 जोड़े हैं। नोट: welcome bonus')).toBeVisible();
  // Its time too: Hindi's month name, Latin digits.
  await expect(page.getByRole('main')).toContainText(HINDI_DATE);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('a customer whose lines were written in English reads every ledger line and notification in Hindi (issue 56)', async ({
  browser,
  request,
}) => {
  // Everything happens while the account is English: the top-up's and the staff's lines.
  const user = await registeredUser(request, 'mixed-lines');
  const token = await apiLogin(request, user.email, user.password);
  const me = await apiPost<{ id: number }>(request, token, '/user/passport');
  const admin = await adminToken(request);
  await apiPost(request, admin, '/admin/deposit/create', { user_id: me.id, amount: '2000', comment: 'स्वागत' });
  await apiPost(request, token, '/withdraw', { amount: '300', method: 'upi', upi_id: 'me@okicici' });
  // Then the customer reads in Hindi.
  await apiPost(request, token, '/user/locale', { locale: 'hi' });

  const { context, page } = await hindiBrowser(browser);
  await loginWithHindiLabels(page, user);
  await page.goto('/transactions');
  const main = page.getByRole('main');
  await expect(main.getByText('एडमिन ने जमा किए: स्वागत').first()).toBeVisible();
  await expect(main.getByText('UPI me@okicici पर निकासी').first()).toBeVisible();
  await expect(main).not.toContainText(/Deposit by admin|Withdrawal to/);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'बैलेंस में पैसे जोड़े गए' })).toBeVisible();
  await expect(main).not.toContainText(/Balance credited|Our desk/);

  // Back to English on the profile: the same lines, now all English.
  await page.goto('/profile');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.goto('/transactions');
  await expect(main.getByText('Deposit by admin: स्वागत').first()).toBeVisible();
  await expect(main).not.toContainText('एडमिन ने जमा किए');
  await context.close();
});

async function loginWithHindiLabels(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('ईमेल या फ़ोन नंबर').fill(user.email);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expect(page).toHaveURL(/\/create_id$/);
}

test('the language chosen on the profile follows the account to another browser', async ({ page, browser, request }) => {
  const user = await signedInUser(page, request, 'lang-account');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('radio', { name: 'हिन्दी' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeVisible();
  // The server says it in the language just chosen.
  await expect(page.getByText('भाषा बदल दी गई है।')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Another browser, English by its own settings: English until sign-in, Hindi after.
  const other = await browser.newContext({ locale: 'en-US' });
  const second = await other.newPage();
  await loginViaUi(second, user.email, user.password);
  await expect(second).toHaveURL(/\/create_id$/);
  await second.goto('/profile');
  await expect(second.getByRole('heading', { level: 1, name: 'प्रोफ़ाइल' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(second).toHaveTitle(DEVANAGARI);
  await other.close();
});

test('in Hindi, a customer adds funds: Hindi labels, the confirmation and the sent notice', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const method = await createUpiPaymentType(request, token, `E2E UPI hi ${Date.now()}`);
  await signedInUser(page, request, 'hindi-add-funds');
  await (await openSideMenu(page)).getByRole('radio', { name: 'हिन्दी' }).check();
  // Saved to the account (the server's notice, in Hindi) before the next page loads afresh:
  // a reload while the save is in flight would read the account's old language.
  await expect(page.getByText('भाषा बदल दी गई है।')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/add_funds');
  await expect(page.getByRole('heading', { level: 1, name: 'पैसे जोड़ें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. हमारे किसी खाते में भुगतान करें' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(method.name) }).check({ force: true });
  await page.getByLabel('रकम', { exact: true }).fill('500');
  await expect(page.getByRole('heading', { name: `${method.name} को ₹500.00 का भुगतान करें` })).toBeVisible();
  await page.getByLabel('रेफ़रेंस (UTR)').fill(newReference());
  await page.getByLabel('भुगतान का स्क्रीनशॉट').setInputFiles(await pngFile());
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();

  const confirm = page.getByRole('dialog', { name: 'अपने टॉप-अप की पुष्टि करें' });
  await expect(confirm.getByText('किसे भुगतान')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'मंज़ूरी के लिए भेजें' }).click();

  await expect(page.getByRole('heading', { name: 'टॉप-अप मंज़ूरी के लिए भेजा गया' })).toBeVisible();
  await expect(page.getByText(/₹500\.00, .+ से, रेफ़रेंस /)).toBeVisible();
  await page.getByRole('link', { name: 'लंबित लेन-देन देखें' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'लेन-देन' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^रद्द करें/ }).first()).toBeVisible();
});

test('in Hindi, a customer requests an ID paid from the wallet and follows it on its page', async ({
  browser,
  request,
}) => {
  const staffToken = await adminToken(request);
  const item = await createCatalogueItem(request, staffToken, { name: `Koel ${Date.now() % 100000}`, min_deposit: '300' });
  const user = newUser('hindi-new-id');
  await registerInHindi(request, user);
  await topUpViaWallet(request, await apiLogin(request, user.email, user.password), staffToken, '2000');

  const { context, page } = await hindiBrowser(browser);
  await loginWithHindiLabels(page, user);
  await page.getByRole('article', { name: item.name }).getByRole('link', { name: `ID बनाएँ ${item.name} पर` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ID का अनुरोध करें' })).toBeVisible();
  await page.getByLabel('यूज़रनेम', { exact: true }).fill('koel_khiladi');
  await page.getByLabel('रकम', { exact: true }).fill('1000');
  await page.getByRole('radio', { name: /^वॉलेट/ }).check({ force: true });
  await expect(page.getByText('रकम अभी आपके वॉलेट से रोक ली जाएगी और हमारी टीम के मंज़ूर करने पर चुकाई जाएगी।')).toBeVisible();
  await page.getByRole('button', { name: 'ID का अनुरोध करें' }).click();

  const confirm = page.getByRole('dialog', { name: `${item.name} ID का अनुरोध करें?` });
  await expect(confirm.getByText('₹1,000.00')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'अनुरोध की पुष्टि करें' }).click();
  // The server's answer, in the call's language (Accept-Language: hi).
  await expect(page.getByText('अनुरोध भेज दिया गया है। हम जल्द ही इस पर काम करेंगे।')).toBeVisible();

  await expect(page).toHaveURL(/\/my_ids$/);
  await expect(page.getByRole('heading', { level: 1, name: 'मेरी IDs' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: item.name });
  await expect(card.getByText(/^हमारी टीम के इसे बनाने का इंतज़ार है। अनुरोध .+ को किया गया।$/)).toContainText(HINDI_DATE);

  // Its page: the pending login, the actions and the facts, all in Hindi, the date too.
  await card.getByRole('link', { name: /^ब्योरा देखें/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${item.name} ID` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'लॉगिन की जानकारी' })).toBeVisible();
  await expect(
    page.getByText('हमारी टीम यह ID बना रही है। मंज़ूर होते ही इसका लॉगिन और पासवर्ड यहाँ दिखेगा। भुगतान: आपके वॉलेट से ₹1,000.00।'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'इस ID के विकल्प' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'निकासी' })).toBeDisabled();
  const about = page.getByRole('heading', { name: 'इस ID के बारे में' }).locator('..');
  await expect(about.getByText('माँगा गया यूज़रनेम')).toBeVisible();
  await expect(about.getByText('koel_khiladi')).toBeVisible();
  await expect(about).toContainText(HINDI_DATE);
  await expect(page.getByRole('main')).not.toContainText(/[a-z]{3,} [a-z]{3,} [a-z]{3,}/);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('in Hindi, a staff member approves a pending top-up on the desk', async ({ browser, request }) => {
  const owner = await adminToken(request);
  const cashier = newUser('hindi-cashier');
  await apiPost(request, owner, '/admin/staff/create', { ...cashier, role: 'cashier' });
  await apiPost(request, await apiLogin(request, cashier.email, cashier.password), '/user/locale', { locale: 'hi' });

  const customer = await registeredUser(request, 'hindi-bill');
  const method = await createUpiPaymentType(request, owner, `E2E UPI desk hi ${Date.now()}`);
  const sent = await request.post('/api/add_funds', {
    headers: { Authorization: `Bearer ${await apiLogin(request, customer.email, customer.password)}` },
    multipart: { amount: '750', payment_type_id: String(method.id), reference: newReference(), proof: await pngFile() },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const bill = ((await sent.json()) as { data: { id: number } }).data;

  // The account is Hindi, so the desk is, whatever the browser's language.
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await loginViaUi(page, cashier.email, cashier.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/bills_pending');
  await expect(page.getByRole('table', { name: 'लंबित बिल' })).toBeVisible();
  await page.goto(`/admin/bills/${bill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `बिल #${bill.id}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(HINDI_DATE);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'मंज़ूर करें', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `बिल #${bill.id} मंज़ूर करें?` });
  await expect(confirm.getByText(`₹750.00 ${customer.name} के वॉलेट में जुड़ जाएँगे। इसे वापस नहीं किया जा सकता।`)).toBeVisible();
  await confirm.getByRole('button', { name: 'मंज़ूर करें और ₹750.00 जोड़ें' }).click();
  await expect(confirm).toBeHidden();
  // The server's answer, in the staff member's language.
  await expect(page.getByText('बिल मंज़ूर हो गया है और रकम बैलेंस में जोड़ दी गई है।')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/admin/bills/${bill.id}$`));

  // Approved: the customer's balance has it.
  const customerToken = await apiLogin(request, customer.email, customer.password);
  const passport = await apiPost<{ balance: string }>(request, customerToken, '/user/passport');
  expect(passport.balance).toBe('750.00');
  await context.close();
});
