import { type Bill, formatAmount, type ScreenshotReading } from '@iddesk/contract';
import { textCell } from '../../lib/csv-export';
import { claimJson, type CsvColumn, customerComment, queueCsvColumns } from '../pending-items';
import { toReusedProof } from '../proof-reuse';
import { fileUrl } from '../uploads';
import type { BillView } from './repository';

/** Staff see who handled it and whether its proof was used elsewhere; the customer does not. */
export function toBillJson(bill: BillView, audience: 'owner' | 'admin' = 'owner'): Bill {
  return {
    id: bill.id,
    user: bill.user,
    amount: formatAmount(bill.amount),
    payment_type: bill.paymentType,
    reference: bill.reference,
    proof_url: fileUrl('private', bill.proofKey),
    status: bill.status,
    comment: audience === 'admin' ? bill.comment : customerComment(bill.status, bill.comment),
    created_at: bill.createdAt.toISOString(),
    handled_at: bill.handledAt?.toISOString() ?? null,
    ...(audience === 'admin'
      ? { handled_by: bill.handler, claim: claimJson(bill.claim), reused_proof: toReusedProof(bill.reuse, bill.reuseApproved), screenshot_reading: screenshotReadingOf(bill) }
      : {}),
  };
}

/**
 * What the screenshot says beside what was typed (issue 54 item 5). A reading is 12 digits, so
 * its canonical form (migration 0026's canonical_reference) is itself without leading zeros.
 */
function screenshotReadingOf(bill: BillView): ScreenshotReading {
  if (bill.screenshotReadAt === null) return { read: false, amount: null, reference: null, amount_differs: false, reference_differs: false };
  const amount = bill.screenshotAmount;
  const reference = bill.screenshotReference;
  return {
    read: true,
    amount: amount === null ? null : formatAmount(amount),
    reference,
    amount_differs: amount !== null && amount !== bill.amount,
    reference_differs: reference !== null && reference.replace(/^0+/, '') !== bill.referenceCanonical,
  };
}

/** The CSV export's columns (issue 16): exact decimal amounts, times in the display time zone. */
export function billCsvColumns(timeZone: string): CsvColumn<BillView>[] {
  const own: CsvColumn<BillView>[] = [
    { header: 'amount', cell: (b) => formatAmount(b.amount) },
    { header: 'payment_type', cell: (b) => textCell(b.paymentType.name) },
    { header: 'reference', cell: (b) => textCell(b.reference) },
    { header: 'status', cell: (b) => b.status },
  ];
  return [
    ...queueCsvColumns(timeZone, own, (b) => ({ at: b.handledAt, comment: b.comment })),
    { header: 'reused_proof', cell: (b) => (b.reuse === null ? 'no' : 'yes') },
  ];
}
