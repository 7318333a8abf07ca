import { formatAmount, type StatementBill, type StatementImport, type StatementLine } from '@iddesk/contract';
import { toReusedProof } from '../proof-reuse';
import type { BillRowView, ImportRow, LineRow, Tallies } from './repository';

const tally = ({ count, amount }: { count: number; amount: bigint }) => ({ count, amount: formatAmount(amount) });

export function toImportJson(row: ImportRow, tallies: Tallies): StatementImport {
  return {
    id: row.id,
    payment_type: row.paymentType,
    file_name: row.fileName,
    format: row.format,
    lines_added: row.linesAdded,
    lines_known: row.linesKnown,
    first_day: row.firstDay,
    last_day: row.lastDay,
    imported_by: row.importedBy?.id == null ? null : { id: row.importedBy.id, name: row.importedBy.name },
    created_at: row.createdAt.toISOString(),
    summary: {
      matched: tally(tallies.matched),
      matched_pending: tally(tallies.matched_pending),
      amount_differs: tally(tallies.amount_differs),
      unclaimed: tally(tallies.unclaimed),
      credited: tally(tallies.credited),
      debit: tally(tallies.debit),
      no_money: tally(tallies.no_money),
    },
  };
}

export function toStatementBillJson(bill: BillRowView): StatementBill {
  return {
    id: bill.id,
    user: bill.user,
    amount: formatAmount(bill.amount),
    reference: bill.reference,
    status: bill.status,
    created_at: bill.createdAt.toISOString(),
    reused_proof: toReusedProof(bill.reuse, bill.reuseApproved),
  };
}

export function toLineJson(row: LineRow, bill: StatementBill | null): StatementLine {
  return {
    id: row.id,
    import_id: row.importId,
    payment_type: row.paymentType,
    day: row.day,
    direction: row.direction,
    amount: formatAmount(row.amount),
    narration: row.narration,
    reference: row.reference,
    balance: row.balance === null ? null : formatAmount(row.balance),
    source_line: row.sourceLine,
    result: row.result,
    bill,
    credit:
      row.creditId === null || row.creditUser?.id == null
        ? null
        : { transaction_id: row.creditId, user: { id: row.creditUser.id, name: row.creditUser.name } },
  };
}
