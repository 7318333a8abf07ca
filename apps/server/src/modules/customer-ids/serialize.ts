import { formatAmount, type UserId } from '@iddesk/contract';
import { textCell } from '../../lib/csv-export';
import { type CsvColumn, customerComment, queueCsvColumns } from '../pending-items';
import { toItemRef } from '../catalogue';
import { toReusedProof } from '../proof-reuse';
import { fileUrl } from '../uploads';
import type { Keyring } from '../app-key';
import { openOrNull, SEALED } from './credentials';
import type { UserIdView } from './repository';

/** Who is looking: credentials and the owner's details depend on it. */
export type Audience = 'owner' | 'admin';

/**
 * Credentials are opened only here, for the owner (while the ID is active) and for admins;
 * no other path decrypts them, and nothing logs the result.
 */
export function toUserIdJson(view: UserIdView, keyring: Keyring, audience: Audience): UserId {
  const reveal = audience === 'admin' || view.status === 'active';
  const { create } = view;
  return {
    id: view.id,
    item: toItemRef(view.item),
    username: view.username,
    status: view.status,
    login: reveal ? openOrNull(keyring, SEALED.login, view.loginSealed) : null,
    password: reveal ? openOrNull(keyring, SEALED.password, view.passwordSealed) : null,
    amount: formatAmount(create.amount ?? 0n),
    pay_from: create.payFrom ?? 'wallet',
    payment_type: view.paymentType,
    reference: create.reference,
    proof_url: create.proofKey ? fileUrl('private', create.proofKey) : null,
    confirmed_amount: create.confirmedAmount === null ? null : formatAmount(create.confirmedAmount),
    comment: audience === 'admin' ? create.comment : customerComment(create.status, create.comment),
    created_at: view.createdAt.toISOString(),
    handled_at: create.handledAt?.toISOString() ?? null,
    pending_request_types: view.pendingRequestTypes,
    ...(audience === 'admin'
      ? { user: view.user, handled_by: view.handler, reused_proof: toReusedProof(view.create.reuse, view.reuseApproved) }
      : {}),
  };
}

/** The CSV export's columns (issue 16); never the login or password. Handled with its create request. */
export function userIdCsvColumns(timeZone: string): CsvColumn<UserIdView>[] {
  const own: CsvColumn<UserIdView>[] = [
    { header: 'id_item', cell: (v) => textCell(v.item.name) },
    { header: 'username', cell: (v) => textCell(v.username) },
    { header: 'status', cell: (v) => v.status },
    { header: 'amount', cell: (v) => formatAmount(v.create.amount ?? 0n) },
    { header: 'confirmed_amount', cell: (v) => (v.create.confirmedAmount === null ? '' : formatAmount(v.create.confirmedAmount)) },
    { header: 'pay_from', cell: (v) => v.create.payFrom ?? '' },
    { header: 'payment_type', cell: (v) => textCell(v.paymentType?.name) },
    { header: 'reference', cell: (v) => textCell(v.create.reference) },
  ];
  return queueCsvColumns(timeZone, own, (v) => ({ at: v.create.handledAt, comment: v.create.comment }));
}
