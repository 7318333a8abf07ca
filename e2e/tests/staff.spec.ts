import { type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { adminToken, apiGet, apiLogin, apiPost } from '../support/api';
import { admin, expect, loginViaUi, newUser, test } from '../support/fixtures';

/** What the staff member's authenticator app shows, `steps` time steps from now. */
function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

// Long stories (two sign-ins, an enrolment) on a shared machine: more than the default minute.
test.describe.configure({ timeout: 240_000 });

async function logOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test('a new staff member enrols a second factor and signs in with it', async ({ page }) => {
  const cashier = newUser('cashier');

  // The owner adds a cashier at /admin/staff.
  await loginViaUi(page, admin.email, admin.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await page.getByLabel(/^name$/i).fill(cashier.name);
  await page.getByLabel(/^email$/i).fill(cashier.email);
  await page.getByLabel(/^phone$/i).fill(cashier.phone);
  await page.getByLabel(/^password$/i).fill(cashier.password);
  await page.getByLabel(/^role$/i).selectOption('cashier');
  await page.getByRole('button', { name: /add staff member/i }).click();
  const row = page.getByRole('row').filter({ hasText: cashier.email });
  await expect(row).toBeVisible();
  await expect(row.getByText(/2FA not set up/i)).toBeVisible();
  await logOut(page);

  // The cashier signs in with the password and enrols: QR code, key, a code, recovery codes.
  await loginViaUi(page, cashier.email, cashier.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/second_factor');
  await page.getByRole('button', { name: /set up two-step sign-in/i }).click();
  await expect(page.getByRole('img', { name: /qr code/i })).toBeVisible();
  const secret = (await page.getByTestId('second-factor-key').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel(/code from the app/i).fill(appCode(secret));
  await page.getByRole('button', { name: /turn on/i }).click();
  await expect(page.getByRole('heading', { name: /your recovery codes/i })).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('link', { name: /i have saved them/i }).click();
  await logOut(page);

  // Next sign-in: the password is not enough; the app's code is asked for, and works.
  await loginViaUi(page, cashier.email, cashier.password);
  await expect(page.getByRole('heading', { name: /enter your code/i })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('api_token'))).toBeNull();
  await page.getByLabel(/^code$/i).fill('000000' === appCode(secret, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: /verify/i }).click();
  await expect(page.getByText(/the code is not valid/i).first()).toBeVisible();
  // The step after the one used at enrolment (a code is accepted once per 30-second step).
  await page.getByLabel(/^code$/i).fill(appCode(secret, 1));
  await page.getByRole('button', { name: /verify/i }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('api_token'))).not.toBeNull();

  // A cashier lands on what it may use (the IDs list is not for it: its first page, the
  // dashboard), and the owner's list shows the factor on.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const owner = await adminToken(page.request);
  const staff = await apiGet<{ items: { email: string; second_factor: boolean }[] }>(
    page.request,
    owner,
    '/admin/staff',
  );
  expect(staff.items.find((m) => m.email === cashier.email)?.second_factor).toBe(true);
});

test('a cashier cannot reach staff management or manual balance changes, in the UI or by calling the API', async ({
  page,
  request,
}) => {
  const cashier = newUser('cashier');
  const owner = await adminToken(request);
  await apiPost(request, owner, '/admin/staff/create', { ...cashier, role: 'cashier' });
  const customer = newUser('customer');
  const customerRes = await request.post('/api/auth/register', {
    data: { ...customer, password_confirmation: customer.password },
  });
  expect(customerRes.status()).toBe(200);

  await loginViaUi(page, cashier.email, cashier.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: /^bills/i })).toBeVisible();
  for (const hidden of ['Staff', 'Payments', 'Scrolling announcement', 'IDs']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await expect(nav.getByRole('button', { name: /^site/i })).toHaveCount(0);

  // Typed by hand, an owner's page says it is not for this role before anything renders: no
  // form whose saving would fail, no staff list (issue 56).
  for (const path of ['/admin/staff', '/admin/settings', '/admin/top_block']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
    await expect(page.getByText('You are signed in as Cashier.')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /add staff member|save/i })).toHaveCount(0);
  }
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to your start page' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Users lists customers only: no staff account, no "Admin" badge (issue 56).
  await page.goto('/admin/users');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: customer.name }).first()).toBeVisible();
  for (const staffEmail of [admin.email, cashier.email]) {
    await expect(main.getByText(staffEmail)).toHaveCount(0);
  }
  await expect(main.getByText('Admin', { exact: true })).toHaveCount(0);

  // The customer's page: no balance change forms, no block button.
  await page.getByRole('link', { name: customer.name }).first().click();
  await expect(page.getByRole('heading', { name: customer.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /credit|debit|deposit|withdraw/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /block user/i })).toHaveCount(0);

  // And the API refuses whatever the client shows.
  const token = await apiLogin(request, cashier.email, cashier.password);
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const list = await request.get('/api/admin/staff', { headers });
  expect(list.status()).toBe(403);
  const create = await request.post('/api/admin/staff/create', {
    headers,
    data: { ...newUser('sneaky'), role: 'owner' },
  });
  expect(create.status()).toBe(403);
  const users = await request.post('/api/admin/users', {
    headers,
    data: { search: customer.email },
  });
  expect(users.status()).toBe(200);
  const customerId = ((await users.json()) as { data: { items: { id: number }[] } }).data.items[0]!
    .id;
  for (const path of ['/api/admin/deposit/create', '/api/admin/withdraw/create']) {
    const res = await request.post(path, {
      headers,
      data: { user_id: customerId, amount: '100', comment: 'not allowed' },
    });
    expect(res.status(), path).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
  }
});

test('a staff member’s user page has no block button, only the way to the Staff page (issue 51 finding 5)', async ({
  page,
  request,
}) => {
  const support = newUser('support');
  const owner = await adminToken(request);
  const created = await apiPost<{ id: number }>(request, owner, '/admin/staff/create', { ...support, role: 'support' });

  await loginViaUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/users/${created.id}`);
  await expect(page.getByRole('heading', { name: support.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /block user/i })).toHaveCount(0);
  await expect(page.getByText(/disabled and enabled by an owner, on the Staff page/i)).toBeVisible();
  await page.getByRole('link', { name: /open the staff page/i }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('row').filter({ hasText: support.email })).toBeVisible();
});
