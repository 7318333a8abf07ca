import { formatAmount, type IdRequest } from '@iddesk/contract';
import { textCell } from '../../lib/csv-export';
import { type CsvColumn, customerComment, queueCsvColumns } from '../pending-items';
import { toItemRef } from '../catalogue';
import { toReusedProof } from '../proof-reuse';
import { fileUrl } from '../uploads';
import type { Keyring } from '../app-key';
import { openOrNull, SEALED } from '../customer-ids';
import type { Audience } from '../customer-ids';
import type { IdRequestView } from './repository';

const money = (v: bigint | null) => (v === null ? null : formatAmount(v));

/** Every view of a request is its owner's or an admin's, so the password wish may be shown. */
export function toIdRequestJson(view: IdRequestView, keyring: Keyring, audience: Audience): IdRequest {
  return {
    id: view.id,
    type: view.type,
    status: view.status,
    amount: money(view.amount),
    confirmed_amount: money(view.confirmedAmount),
    pay_from: view.payFrom,
    payment_type: view.paymentType,
    reference: view.reference,
    proof_url: view.proofKey ? fileUrl('private', view.proofKey) : null,
    comment: audience === 'admin' ? view.comment : customerComment(view.status, view.comment),
    password: openOrNull(keyring, SEALED.requestPassword, view.passwordSealed),
    created_at: view.createdAt.toISOString(),
    handled_at: view.handledAt?.toISOString() ?? null,
    id_object: { ...view.idObject, item: toItemRef(view.item) },
    ...(audience === 'admin'
      ? {
          user: view.user,
          id_login: openOrNull(keyring, SEALED.login, view.idLoginSealed),
          handled_by: view.handler,
          ...(view.type === 'create' || view.type === 'deposit' ? { reused_proof: toReusedProof(view.reuse, view.reuseApproved) } : {}),
        }
      : {}),
  };
}

/** The CSV export's columns (issue 16); never a password. */
export function requestCsvColumns(timeZone: string): CsvColumn<IdRequestView>[] {
  const own: CsvColumn<IdRequestView>[] = [
    { header: 'id_item', cell: (r) => textCell(r.item.name) },
    { header: 'id_username', cell: (r) => textCell(r.idObject.username) },
    { header: 'type', cell: (r) => r.type },
    { header: 'amount', cell: (r) => money(r.amount) ?? '' },
    { header: 'confirmed_amount', cell: (r) => money(r.confirmedAmount) ?? '' },
    { header: 'pay_from', cell: (r) => r.payFrom ?? '' },
    { header: 'payment_type', cell: (r) => textCell(r.paymentType?.name) },
    { header: 'reference', cell: (r) => textCell(r.reference) },
    { header: 'status', cell: (r) => r.status },
  ];
  return queueCsvColumns(timeZone, own, (r) => ({ at: r.handledAt, comment: r.comment }));
}
