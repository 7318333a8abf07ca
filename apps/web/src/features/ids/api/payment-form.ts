import { ID_PROOF_FIELD } from '@iddesk/contract';

/** How a new ID or a deposit is paid: held from the wallet, or a payment with its proof. */
export type PaymentInput =
  | { amount: string; pay_from: 'wallet' }
  | {
      amount: string;
      pay_from: 'payment';
      payment_type_id: number;
      reference: string;
      proof: File;
    };

/** The multipart body shared by create and deposit; payment fields only when paying by payment. */
export function paymentForm(input: PaymentInput): FormData {
  const form = new FormData();
  form.set('amount', input.amount);
  form.set('pay_from', input.pay_from);
  if (input.pay_from === 'payment') {
    form.set('payment_type_id', String(input.payment_type_id));
    form.set('reference', input.reference);
    form.set(ID_PROOF_FIELD, input.proof, input.proof.name);
  }
  return form;
}
