import {
  PAYMENT_TYPE_QR_FIELD,
  type PaymentType,
  type PaymentTypeKind,
  WALLET_API,
} from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { itemQueryOptions } from '../../../../lib/page-query';
import { adminKeys, useAdminMutation } from '../../../staff';

/** `GET /admin/payment_types`: every payment type, inactive ones too. */
export const useAdminPaymentTypes = () =>
  useQuery(itemQueryOptions<PaymentType[]>(WALLET_API.adminPaymentTypes, adminKeys.paymentTypes));

export type PaymentTypeInput = {
  name: string;
  kind: PaymentTypeKind;
  upi_id: string;
  account_holder: string;
  account_number: string;
  ifsc: string;
  bank_name: string;
  is_active: boolean;
  qr: File | null;
  remove_qr: boolean;
};

function toForm(input: PaymentTypeInput): FormData {
  const form = new FormData();
  form.set('name', input.name);
  form.set('kind', input.kind);
  // The other kind's fields go empty, which the server reads as "not given".
  const upi = input.kind === 'upi';
  form.set('upi_id', upi ? input.upi_id : '');
  form.set('account_holder', upi ? '' : input.account_holder);
  form.set('account_number', upi ? '' : input.account_number);
  form.set('ifsc', upi ? '' : input.ifsc);
  form.set('bank_name', upi ? '' : input.bank_name);
  form.set('is_active', String(input.is_active));
  if (input.qr) form.set(PAYMENT_TYPE_QR_FIELD, input.qr, input.qr.name);
  else if (input.remove_qr) form.set('remove_qr', 'true');
  return form;
}

/** `POST /admin/payment_types/create` or `/{id}/edit` (multipart, optional QR image). */
export const savePaymentType = ({ id, input }: { id: number | null; input: PaymentTypeInput }) =>
  apiRequest<PaymentType>(
    id === null ? WALLET_API.adminPaymentTypeCreate : WALLET_API.adminPaymentTypeEdit(id),
    { method: 'POST', body: toForm(input) },
  );

export const useSavePaymentType = () => useAdminMutation(savePaymentType);

/** `POST /admin/payment_types/{id}/activate` or `/deactivate`. */
export const setPaymentTypeActive = ({ id, active }: { id: number; active: boolean }) =>
  apiRequest<PaymentType>(
    active ? WALLET_API.adminPaymentTypeActivate(id) : WALLET_API.adminPaymentTypeDeactivate(id),
    { method: 'POST' },
  );

export const useSetPaymentTypeActive = () => useAdminMutation(setPaymentTypeActive);
