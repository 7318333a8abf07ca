import { formatAmount, type Withdrawal } from '@iddesk/contract';
import { textCell } from '../../lib/csv-export';
import { claimJson, type CsvColumn, queueCsvColumns } from '../pending-items';
import type { LedgerText } from '../ledger';
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
    ...(audience === 'admin' ? { handled_by: w.handler, claim: claimJson(w.claim) } : {}),
  };
}

/** "UPI name@bank" or "bank account ••••6789": enough to recognise, in the ledger text. */
/** The ledger entry's text: where the money goes, the bank account shown by its last four digits. */
export function destinationText(w: Pick<WithdrawalView, 'method' | 'upiId' | 'accountNumber'>): LedgerText {
  return w.method === 'upi'
    ? { key: 'api.ledger.entry.withdrawalToUpi', values: { upi: w.upiId ?? '' } }
    : { key: 'api.ledger.entry.withdrawalToBank', values: { last4: (w.accountNumber ?? '').slice(-4) } };
}

/** The CSV export's columns (issue 16): exact decimal amounts, times in the display time zone. */
export function withdrawalCsvColumns(timeZone: string): CsvColumn<WithdrawalView>[] {
  const destination = (w: WithdrawalView) =>
    w.method === 'upi' ? w.upiId : `${w.accountHolder ?? ''} ${w.accountNumber ?? ''} ${w.ifsc ?? ''}`.trim();
  const own: CsvColumn<WithdrawalView>[] = [
    { header: 'amount', cell: (w) => formatAmount(w.amount) },
    { header: 'method', cell: (w) => w.method },
    { header: 'destination', cell: (w) => textCell(destination(w)) },
    { header: 'status', cell: (w) => w.status },
    { header: 'payout_reference', cell: (w) => textCell(w.payoutReference) },
  ];
  return queueCsvColumns(timeZone, own, (w) => ({ at: w.handledAt, comment: w.comment }));
}
