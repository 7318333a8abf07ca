import type { PaymentType } from '@iddesk/contract';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list';

function detailItems(type: PaymentType): DetailItem[] {
  if (type.kind === 'upi') {
    return [{ label: 'UPI ID', value: type.upi_id ?? '—', copy: type.upi_id, mono: true }];
  }
  const items: DetailItem[] = [
    { label: 'Account holder', value: type.account_holder ?? '—', copy: type.account_holder },
    {
      label: 'Account number',
      value: type.account_number ?? '—',
      copy: type.account_number,
      mono: true,
    },
    { label: 'IFSC', value: type.ifsc ?? '—', copy: type.ifsc, mono: true },
  ];
  if (type.bank_name) items.push({ label: 'Bank', value: type.bank_name });
  return items;
}

/** Where to send the money: copyable UPI ID or bank details, and the QR code when there is one. */
export function PaymentDetails({ type }: { type: PaymentType }) {
  return (
    <section
      aria-labelledby="pay-to-heading"
      className="rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200"
    >
      <h3 id="pay-to-heading" className="font-semibold text-slate-900">
        Pay to {type.name}
      </h3>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <DetailList items={detailItems(type)} columns={1} className="min-w-0 flex-1" />
        {type.qr_url ? (
          <figure className="mx-auto shrink-0 text-center sm:mx-0">
            <img
              src={type.qr_url}
              alt={`QR code for ${type.name}`}
              className="size-44 rounded-xl bg-white object-contain p-2 ring-1 ring-slate-200"
            />
            <figcaption className="mt-1.5 text-sm text-slate-600">Scan with any UPI app</figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}
