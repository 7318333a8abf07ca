import { normaliseAmount } from '../../../lib/amount';

/**
 * The standard UPI payment link (NPCI's `upi://pay`): payee address, payee name, and the
 * amount once a valid one is typed, in rupees with two decimals. Any UPI app opens it, and its
 * QR code is what they scan (issue 17).
 */
export function upiPayUri({
  upiId,
  payee,
  amount,
}: {
  upiId: string;
  payee: string;
  /** As typed in the form ("1,500.5"); left out unless it is a valid amount above zero. */
  amount?: string | null | undefined;
}): string {
  const wire = amount ? normaliseAmount(amount) : null;
  const am = wire && !/^0+\.00$/.test(wire) ? `&am=${wire}` : '';
  return `upi://pay?pa=${upiId.trim()}&pn=${encodeURIComponent(payee.trim())}${am}&cu=INR`;
}
