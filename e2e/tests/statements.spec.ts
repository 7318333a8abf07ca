import { adminToken, createUpiPaymentType, pngFile } from '../support/api';
import { expect, signedInUser, staffPage, test } from '../support/fixtures';

/**
 * Issue 54: a customer tops up with a screenshot; staff import the payment account's bank
 * statement, which holds that payment; the reconciliation shows it matched; approving the
 * matched batch credits it, and the customer's balance shows it (docs/product.md "Bank
 * statements").
 */

/** Today in the display time zone, as HDFC's export writes a day (dd/MM/yy). */
function hdfcToday(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: '2-digit' }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** A 12-digit UPI reference no other story used. */
const upiReference = () => `5${`${Date.now()}`.slice(-11)}`;

test('a top-up on the bank statement is matched, approved with the matched batch, and reaches the balance', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const account = await createUpiPaymentType(request, token, `Statement UPI ${Date.now()}`);
  const user = await signedInUser(page, request, 'statement');
  const reference = upiReference();

  // The customer tops up ₹750, typing the UTR with spaces as some apps show it.
  await page.goto('/add_funds');
  await page.getByRole('radio', { name: new RegExp(account.name) }).check({ force: true });
  await page.getByLabel(/^amount$/i).fill('750');
  await page.getByRole('textbox', { name: /reference/i }).fill(`${reference.slice(0, 4)} ${reference.slice(4, 8)} ${reference.slice(8)}`);
  await page.getByLabel(/payment screenshot/i).setInputFiles(await pngFile());
  await page.getByRole('button', { name: /^continue$/i }).click();
  await page.getByRole('dialog', { name: /confirm your top-up/i }).getByRole('button', { name: /send for approval/i }).click();
  await expect(page.getByRole('region', { name: 'Top-up sent for approval' })).toBeVisible();

  // Staff import the account's statement (HDFC's layout) holding that payment and one more.
  const day = hdfcToday();
  const csv = [
    'HDFC BANK Ltd.,,,,,,',
    ',,,,,,',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    `${day},UPI-${user.name.toUpperCase()}-cust@okaxis-SBIN0001234-${reference}-Payment,0000${reference},${day},,750.00,10750.00`,
    `${day},UPI-SOMEONE ELSE-other@ybl-HDFC0000001-${upiReference()}9-UPI,0000000000000001,${day},,120.00,10870.00`,
  ].join('\n');
  const staff = await staffPage(browser);
  await staff.page.goto('/admin/statements');
  await staff.page.getByRole('link', { name: /import statement/i }).first().click();
  await staff.page.getByRole('combobox', { name: /^payment account$/i }).selectOption({ label: account.name });
  await staff.page.getByLabel(/statement file/i).setInputFiles({ name: 'hdfc.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await staff.page.getByRole('combobox', { name: /^bank’s layout$/i }).selectOption({ label: 'HDFC Bank' });
  await staff.page.getByRole('button', { name: /^import statement$/i }).click();

  // The reconciliation: the customer's payment matched to their bill, the other line unclaimed.
  await expect(staff.page.getByRole('heading', { level: 1, name: /statement #\d+/i })).toBeVisible();
  const results = staff.page.getByRole('navigation', { name: /results/i });
  await expect(results.getByRole('link', { name: /^matched 1 ₹750\.00$/i })).toBeVisible();
  await expect(results.getByRole('link', { name: /^money with no claim 1 ₹120\.00$/i })).toBeVisible();
  const line = staff.page.getByRole('row').filter({ hasText: reference });
  await expect(line.getByText(/^matched$/i)).toBeVisible();
  await expect(line.getByRole('link', { name: /bill #\d+/i })).toBeVisible();

  // Approve all matched: the bills' batch, its confirmation, its outcome.
  await staff.page.getByRole('region', { name: /selected items/i }).getByRole('button', { name: /approve all/i }).click();
  const confirm = staff.page.getByRole('dialog', { name: /approve 1 bill\?/i });
  await confirm.getByRole('button', { name: /approve 1 bill/i }).click();
  await expect(staff.page.getByRole('status').filter({ hasText: /approved 1 bill/i })).toBeVisible();
  await expect(line.getByText(/approved/i)).toBeVisible();

  // The bill's page names its statement line.
  await line.getByRole('link', { name: /bill #\d+/i }).click();
  await expect(staff.page.getByText(/on the statement: this payment reached the account/i)).toBeVisible();

  // The customer's balance shows the credit (the header's balance, kept current by the poll).
  await page.goto('/transactions');
  await expect(page.getByRole('banner').getByRole('link', { name: /^balance:/i }).locator('visible=true')).toHaveText(/₹750\.00/);
  await staff.close();
});
