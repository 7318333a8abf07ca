import type { PaymentType } from '@iddesk/contract';
import type { PaymentTypeRow } from '../../db/schema';
import { fileUrl } from '../uploads';

export function toPaymentTypeJson(row: PaymentTypeRow): PaymentType {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    upi_id: row.upiId,
    account_holder: row.accountHolder,
    account_number: row.accountNumber,
    ifsc: row.ifsc,
    bank_name: row.bankName,
    qr_url: row.qrKey ? fileUrl('public', row.qrKey) : null,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The audit log's view: everything an admin can change, named as the API names it (entries
 * written before 2026-11-26 used the row's camelCase names; the desk reads both).
 */
export function auditViewOf(row: PaymentTypeRow) {
  const { id: _id, qr_url: _url, created_at: _created, ...fields } = toPaymentTypeJson(row);
  return { ...fields, qr_key: row.qrKey };
}
