import { type Bill, formatAmount } from '@iddesk/contract';
import { fileUrl } from '../uploads';
import type { BillView } from './repository';

export function toBillJson(bill: BillView): Bill {
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
  };
}
