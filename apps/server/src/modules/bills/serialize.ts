import { type Bill, formatAmount } from '@iddesk/contract';
import { textCell, timeCell } from '../../lib/csv-export';
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
    comment: bill.comment,
    created_at: bill.createdAt.toISOString(),
    handled_at: bill.handledAt?.toISOString() ?? null,
    ...(audience === 'admin' ? { handled_by: bill.handler, reused_proof: toReusedProof(bill.reuse) } : {}),
  };
}

/** The CSV export's columns (issue 16): exact decimal amounts, times in the display time zone. */
export function billCsvColumns(timeZone: string): { header: string; cell: (bill: BillView) => string | number }[] {
  return [
    { header: 'id', cell: (b) => b.id },
    { header: 'created_at', cell: (b) => timeCell(b.createdAt, timeZone) },
    { header: 'customer', cell: (b) => textCell(b.user.name) },
    { header: 'email', cell: (b) => textCell(b.user.email) },
    { header: 'phone', cell: (b) => textCell(b.user.phone) },
    { header: 'amount', cell: (b) => formatAmount(b.amount) },
    { header: 'payment_type', cell: (b) => textCell(b.paymentType.name) },
    { header: 'reference', cell: (b) => textCell(b.reference) },
    { header: 'status', cell: (b) => b.status },
    { header: 'handled_at', cell: (b) => timeCell(b.handledAt, timeZone) },
    { header: 'handled_by', cell: (b) => textCell(b.handler?.name) },
    { header: 'comment', cell: (b) => textCell(b.comment) },
    { header: 'reused_proof', cell: (b) => (b.reuse === null ? 'no' : 'yes') },
  ];
}
