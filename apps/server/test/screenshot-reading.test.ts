import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { bills } from '../src/db/schema';
import { receiptsOf, renderReceipt } from '../../../scripts/receipts/receipts';
import { customer } from './helpers/ids-fixtures';
import { useStaffedApp } from './helpers/staffed-app';
import { get } from './helpers/test-app';
import { addFunds } from './helpers/wallet-fixtures';

/**
 * Issue 54 item 5: after the answer, the server reads the bill's screenshot (OCR in the image
 * pool) and staff see what it says beside what was typed, with each difference flagged. On
 * PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true, ledgerCheck: true, env: { SCREENSHOT_READING: 'on' } });

// Two receipts of the generated set: an app's headline amount, and a bank's page with paise.
const [sky, bank] = [receiptsOf(2026, 8)[5]!, receiptsOf(2026, 8)[7]!];
const rupees = (paise: number) => (paise / 100).toFixed(2);

async function readingOf(id: number) {
  // The reading lands after the answer: wait for it, however long the image pool takes.
  await expect
    .poll(async () => (await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.screenshot_reading.read, { timeout: 110_000, interval: 100 })
    .toBe(true);
  return (await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.screenshot_reading;
}

// The first reading loads the model (a few seconds of CPU on a busy machine).
describe('a bill gets what its screenshot says', { timeout: 120_000 }, () => {
  it('the amount and reference as typed: read, nothing differs; the customer sees no reading', async () => {
    expect([sky.layout, bank.layout]).toEqual(['sky', 'bank']);
    const who = await customer(ctx);
    const sent = await addFunds(ctx.app, who.token, paymentType.id, rupees(sky.amountPaise), await renderReceipt(sky), sky.reference);
    expect(sent.statusCode, sent.body).toBe(200);
    // The answer did not wait for the reading.
    expect(sent.json().data).not.toHaveProperty('screenshot_reading');
    const id = sent.json().data.id as number;
    expect(await readingOf(id)).toEqual({
      read: true,
      amount: rupees(sky.amountPaise),
      reference: sky.reference,
      amount_differs: false,
      reference_differs: false,
    });
    const own = (await get(ctx.app, `/api/bills/${id}`, who.token)).json().data;
    expect(own).not.toHaveProperty('screenshot_reading');
  });

  it('another amount and another reference typed: both differences flagged, in the queue too', async () => {
    const who = await customer(ctx);
    const typedAmount = rupees(bank.amountPaise + 100_00);
    const typedReference = `9${bank.reference.slice(1, 11)}${(Number(bank.reference.at(-1)) + 1) % 10}`;
    const sent = await addFunds(ctx.app, who.token, paymentType.id, typedAmount, await renderReceipt(bank), typedReference);
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.id as number;
    expect(await readingOf(id)).toEqual({
      read: true,
      amount: rupees(bank.amountPaise),
      reference: bank.reference,
      amount_differs: true,
      reference_differs: true,
    });
    const queue = (await get(ctx.app, '/api/admin/bills?pending=1&perPage=100', admin.token)).json().data;
    expect(queue.items.find((b: { id: number }) => b.id === id).screenshot_reading).toMatchObject({ amount_differs: true, reference_differs: true });
  });

  it('a reference typed in another spelling (spaces, UTR prefix) is the same reference', async () => {
    const who = await customer(ctx);
    const spelt = `UTR ${sky.reference.slice(0, 4)} ${sky.reference.slice(4, 8)} ${sky.reference.slice(8)}`;
    // Another bill with the same screenshot and reference: flagged as reuse, read the same.
    const sent = await addFunds(ctx.app, who.token, paymentType.id, rupees(sky.amountPaise), await renderReceipt(sky), spelt);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await readingOf(sent.json().data.id)).toMatchObject({ reference: sky.reference, reference_differs: false, amount_differs: false });
  });

  it('a bill answered by a server that stopped before reading it is read when a server starts', async () => {
    const who = await customer(ctx);
    const sent = await addFunds(ctx.app, who.token, paymentType.id, rupees(sky.amountPaise), await renderReceipt(sky), sky.reference);
    const id = sent.json().data.id as number;
    await readingOf(id);
    // As a server leaves it when it stops between the answer and the reading.
    await ctx.db.update(bills).set({ screenshotAmount: null, screenshotReference: null, screenshotReadAt: null }).where(eq(bills.id, id));
    expect((await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.screenshot_reading.read).toBe(false);
    const another = await buildApp({ db: ctx.db, config: ctx.config });
    try {
      await another.ready();
      expect(await readingOf(id)).toMatchObject({ read: true, amount: rupees(sky.amountPaise), reference: sky.reference });
    } finally {
      await another.close();
    }
  });
});
