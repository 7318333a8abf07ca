import { type Bill, formatAmount } from '@iddesk/contract';
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
