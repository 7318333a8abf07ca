import { formatAmount, type Withdrawal } from '@iddesk/contract';
import { textCell, timeCell } from '../../lib/csv-export';
import { fileUrl } from '../uploads';
import type { WithdrawalView } from './repository';

/** Staff also see who handled it. */
export function toWithdrawalJson(w: WithdrawalView, audience: 'owner' | 'admin' = 'owner'): Withdrawal {
  return {
    id: w.id,
    user: w.user,
    amount: formatAmount(w.amount),
    method: w.method,
    upi_id: w.upiId,
    account_holder: w.accountHolder,
    account_number: w.accountNumber,
    ifsc: w.ifsc,
    status: w.status,
    comment: w.comment,
    payout_reference: w.payoutReference,
    payout_proof_url: w.payoutProofKey ? fileUrl('private', w.payoutProofKey) : null,
    created_at: w.createdAt.toISOString(),
    handled_at: w.handledAt?.toISOString() ?? null,
    ...(audience === 'admin' ? { handled_by: w.handler } : {}),
  };
}

/** "UPI name@bank" or "bank account ••••6789": enough to recognise, in the ledger text. */
export function destinationLabel(w: Pick<WithdrawalView, 'method' | 'upiId' | 'accountNumber'>): string {
  return w.method === 'upi' ? `UPI ${w.upiId}` : `bank account ••••${(w.accountNumber ?? '').slice(-4)}`;
}

/** The CSV export's columns (issue 16): exact decimal amounts, times in the display time zone. */
export function withdrawalCsvColumns(timeZone: string): { header: string; cell: (w: WithdrawalView) => string | number }[] {
  return [
    { header: 'id', cell: (w) => w.id },
    { header: 'created_at', cell: (w) => timeCell(w.createdAt, timeZone) },
    { header: 'customer', cell: (w) => textCell(w.user.name) },
    { header: 'email', cell: (w) => textCell(w.user.email) },
    { header: 'phone', cell: (w) => textCell(w.user.phone) },
    { header: 'amount', cell: (w) => formatAmount(w.amount) },
    { header: 'method', cell: (w) => w.method },
    { header: 'destination', cell: (w) => textCell(w.method === 'upi' ? w.upiId : `${w.accountHolder ?? ''} ${w.accountNumber ?? ''} ${w.ifsc ?? ''}`.trim()) },
    { header: 'status', cell: (w) => w.status },
    { header: 'payout_reference', cell: (w) => textCell(w.payoutReference) },
    { header: 'handled_at', cell: (w) => timeCell(w.handledAt, timeZone) },
    { header: 'handled_by', cell: (w) => textCell(w.handler?.name) },
    { header: 'comment', cell: (w) => textCell(w.comment) },
  ];
}
