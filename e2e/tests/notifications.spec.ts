import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { adminToken, apiGet, apiLogin, createUpiPaymentType, pngFile } from '../support/api';
import { expect, loginViaUi, newReference, test, registeredUser, staffPage } from '../support/fixtures';
import { BASE_URL, E2E_SMTP_PORT } from '../support/env';

/**
 * Issue 5: what staff do reaches the customer without a reload (toast, bell, balance), new
 * queue items reach staff (badge, alert), and a forgotten password comes back by email.
 */

type Mail = { to: string[]; raw: string };
const inbox: Mail[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  // A real SMTP server on the port the e2e server was told to mail through (SMTP_URL).
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  expect((smtp.server.address() as AddressInfo).port).toBe(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const sounds = (page: Page) =>
  page.evaluate(() => (window as { __iddeskSounds?: { bell: number; alert: number } }).__iddeskSounds ?? { bell: 0, alert: 0 });

async function topUp(request: Parameters<typeof apiLogin>[0], token: string, paymentTypeId: number, amount: string) {
  const res = await request.post('/api/add_funds', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    multipart: { amount, payment_type_id: String(paymentTypeId), reference: newReference(), proof: await pngFile() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data;
}

test('the admin approves a top-up while the user is on /my_ids: toast, bell and new balance without a reload', async ({
  page,
  browser,
  request,
}) => {
  const staffToken = await adminToken(request);
  const method = await createUpiPaymentType(request, staffToken, `E2E notify ${Date.now()}`);
  const { token, ...user } = await registeredUser(request, 'notified');
  const bill = await topUp(request, token, method.id, '750');

  await loginViaUi(page, user.email, user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  await page.getByRole('link', { name: /^my ids$/i }).first().click();
  await expect(page).toHaveURL(/\/my_ids$/);
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  const before = await sounds(page);

  const staff = await staffPage(browser);
  await staff.page.goto(`/admin/bills/${bill.id}`);
  await expect(staff.page.getByRole('heading', { level: 1, name: /bill #/i })).toBeVisible();
  await staff.page.getByRole('button', { name: /^approve$/i }).click();
  await staff.page.getByRole('dialog').getByRole('button', { name: /approve and credit/i }).click();
  const approvedAt = Date.now();

  // Within one poll (5 s) and a little: the toast, with what happened and a way to it.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Funds added' });
  await expect(toast).toBeVisible({ timeout: 6000 });
  expect(Date.now() - approvedAt).toBeLessThan(6000);
  await expect(toast).toContainText('₹750.00');
  expect((await sounds(page)).bell).toBe(before.bell + 1);
  await staff.close();

  // The bell counts it, and the balance in the side menu changed — in the same document.
  await expect(page.getByRole('link', { name: /notifications, 1 unread/i }).first()).toBeVisible();
  await page.getByRole('button', { name: /open menu/i }).first().click();
  await expect(page.getByRole('dialog', { name: /menu/i }).getByText('₹750.00')).toBeVisible();
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.getByRole('button', { name: /close menu/i }).click();

  // The list has it, newest first, with its full date and a link to the money.
  await page.getByRole('link', { name: /notifications, 1 unread/i }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Funds added' });
  await expect(item).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m/);
  await expect(item.getByRole('link', { name: /see transactions/i })).toBeVisible();
  // Opening the list read it: the bell has no count any more.
  await expect(page.getByRole('link', { name: /^notifications$/i }).first()).toBeVisible();
});

test("the admin's Bills badge rises within 6 s of a new top-up, with an alert", async ({ browser, request }) => {
  const staffToken = await adminToken(request);
  const method = await createUpiPaymentType(request, staffToken, `E2E queue ${Date.now()}`);
  const { token, ...user } = await registeredUser(request, 'queue');

  const staff = await staffPage(browser);
  await staff.page.goto('/admin/bills_pending');
  // The queues are always in view with their counts (issue 56).
  const bills = staff.page.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: /^bills/i });
  await expect(bills).toBeVisible();
  // The header's counts come with the page (startup reads them before the layout shows).
  const before = (await apiGet<{ bills: number }>(request, staffToken, '/admin/stats')).bills;
  await expect(bills).toHaveAccessibleName(before > 0 ? `Bills (${before} waiting)` : 'Bills');
  const alertsBefore = (await sounds(staff.page)).alert;

  await topUp(request, token, method.id, '120');
  const sentAt = Date.now();
  await expect(bills).toHaveAccessibleName(`Bills (${before + 1} waiting)`, { timeout: 6000 });
  expect(Date.now() - sentAt).toBeLessThan(6000);
  await expect(bills).toContainText(/\d+/);
  expect((await sounds(staff.page)).alert).toBeGreaterThan(alertsBefore);
  // The pending list refreshed itself too.
  await expect(staff.page.getByRole('row').filter({ hasText: user.name })).toBeVisible();
  await staff.close();
});

test('forgot password: the mail arrives over SMTP, its link resets the password, the old one stops working', async ({
  page,
  request,
}) => {
  const user = await registeredUser(request, 'forgetful');
  const mailsBefore = inbox.length;

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot_password$/);
  await page.getByLabel(/^email$/i).fill(user.email);
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByRole('status').filter({ hasText: /check your email/i })).toBeVisible();
  await expect(page.getByText(/if an account exists for that email/i)).toBeVisible();

  await expect.poll(() => inbox.length, { timeout: 10_000 }).toBe(mailsBefore + 1);
  const mail = inbox.at(-1)!;
  expect(mail.to).toEqual([user.email]);
  const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(https?:\/\/[^\s"<]+\/reset_password\/[A-Za-z0-9_-]+)/.exec(unfolded)?.[1];
  expect(link, mail.raw).toBeTruthy();
  expect(link!.startsWith(`${BASE_URL}/reset_password/`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: /choose a new password/i })).toBeVisible();
  const fresh = 'brand-new-secret-77';
  await page.getByLabel(/^new password$/i).fill(fresh);
  await page.getByLabel(/confirm new password/i).fill(fresh);
  await page.getByRole('button', { name: /set new password/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/your password has been reset/i).first()).toBeVisible();

  // The link is used up.
  await page.goto(link!);
  await expect(page.getByRole('alert').filter({ hasText: /this link cannot be used/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /request a new link/i })).toBeVisible();

  // The old password no longer works; the new one does.
  const old = await request.post('/api/auth/login', { data: { login: user.email, password: user.password } });
  expect(old.status()).toBe(422);
  await loginViaUi(page, user.email, fresh);
  await expect(page).toHaveURL(/\/create_id$/);
  expect(await apiLogin(request, user.email, fresh)).toBeTruthy();
});
