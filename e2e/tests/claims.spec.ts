import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { adminToken, apiGet, apiPost, createUpiPaymentType, pngFile } from '../support/api';
import { expect, loginViaUi, newUser, registeredUser, test, type TestUser } from '../support/fixtures';

/**
 * Issue 55 item 2 (docs/product.md#claims): two cashiers, each in a browser of their own. An
 * item one has open shows as theirs to the other, on the list (live, through the header's poll)
 * and on the item; the other's approve is refused with the holder's name; leaving an item lets
 * it go.
 */

async function cashier(request: APIRequestContext, owner: string, prefix: string): Promise<TestUser> {
  const user = newUser(prefix);
  await apiPost(request, owner, '/admin/staff/create', { ...user, role: 'cashier' });
  return user;
}

async function signedIn(browser: Browser, who: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaUi(page, who.email, who.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return { context, page };
}

/** The pending list's row of a bill (a table at 1280 px). */
const rowOf = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('link', { name: `Bill #${id}`, exact: true }) });

test('two cashiers see each other’s claims on the list and the item; the second’s approve is refused', async ({
  browser,
  request,
}) => {
  // Two browsers, each waiting on the header's 5-second poll more than once.
  test.slow();
  const owner = await adminToken(request);
  const asha = await cashier(request, owner, 'asha');
  const ravi = await cashier(request, owner, 'ravi');
  const customer = await registeredUser(request, 'claims');
  const method = await createUpiPaymentType(request, owner, `Claims UPI ${Date.now()}`);
  const bills: number[] = [];
  for (const amount of ['111.00', '222.00']) {
    const res = await request.post('/api/add_funds', {
      headers: { Authorization: `Bearer ${customer.token}` },
      multipart: { amount, payment_type_id: String(method.id), reference: `UTRC${Date.now()}${amount}`, proof: await pngFile() },
    });
    expect(res.status(), await res.text()).toBe(200);
    bills.push(((await res.json()) as { data: { id: number } }).data.id);
  }
  const [first, second] = bills as [number, number];
  const filter = `?customer=${encodeURIComponent(customer.email)}`;

  const a = await signedIn(browser, asha);
  const r = await signedIn(browser, ravi);
  const ashaList = await a.context.newPage();
  try {
    // Ravi watches the queue; Asha opens the first bill: Ravi's list shows it as hers, live.
    await r.page.goto(`/admin/bills_pending${filter}`);
    await expect(rowOf(r.page, first)).toBeVisible();
    await expect(rowOf(r.page, first).getByText(/has it open/)).toHaveCount(0);
    await a.page.goto(`/admin/bills/${first}`);
    await expect(a.page.getByRole('heading', { level: 1, name: `Bill #${first}` })).toBeVisible();
    await expect(rowOf(r.page, first).getByText(`${asha.name} has it open`)).toBeVisible();

    // Ravi opens the second; in another tab Asha's list shows it as his, and the first as hers.
    await rowOf(r.page, second).getByRole('link', { name: `Bill #${second}` }).click();
    await expect(r.page.getByRole('heading', { level: 1, name: `Bill #${second}` })).toBeVisible();
    await ashaList.goto(`/admin/bills_pending${filter}`);
    await expect(rowOf(ashaList, second).getByText(`${ravi.name} has it open`)).toBeVisible();
    await expect(rowOf(ashaList, first).getByText('You have it open')).toBeVisible();
    await expectNoSeriousA11yViolations(ashaList);

    // Ravi goes to the first bill: it is Asha's. Leaving the second let it go (live on her list).
    await r.page.goto(`/admin/bills/${first}`);
    const banner = r.page.getByRole('status').filter({ hasText: `${asha.name} is handling this` });
    await expect(banner).toBeVisible();
    await expect(rowOf(ashaList, second).getByText(/has it open/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(r.page);

    // His approve is refused by the server, naming her; nothing moved.
    await r.page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = r.page.getByRole('dialog', { name: `Approve bill #${first}?` });
    await dialog.getByRole('button', { name: /approve and credit ₹111\.00/i }).click();
    await expect(r.page.getByText(`${asha.name} is handling this right now`).first()).toBeVisible();
    const bill = await apiGet<{ status: string; claim: { by: { name: string } } | null }>(request, owner, `/admin/bills/${first}`);
    expect(bill.status).toBe('pending');
    expect(bill.claim?.by.name).toBe(asha.name);

    // Asha approves it; Ravi's page shows it handled, the banner gone.
    await a.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await a.page
      .getByRole('dialog', { name: `Approve bill #${first}?` })
      .getByRole('button', { name: /approve and credit ₹111\.00/i })
      .click();
    await expect(a.page).not.toHaveURL(new RegExp(`/admin/bills/${first}$`));
    await r.page.reload();
    await expect(r.page.getByRole('heading', { level: 1, name: `Bill #${first}` })).toBeVisible();
    expect((await apiGet<{ status: string }>(request, owner, `/admin/bills/${first}`)).status).toBe('approved');
    await expect(banner).toHaveCount(0);
  } finally {
    await a.context.close();
    await r.context.close();
  }
});
