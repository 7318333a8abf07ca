import type { PaymentType } from '@iddesk/contract';
import { Smartphone } from 'lucide-react';
import { DetailList, type DetailItem } from '../../../components/ui/detail-list';
import { QrCode } from '../../../components/ui/qr-code';
import { normaliseAmount } from '../../../lib/amount';
import { formatMoney } from '../../../lib/money';
import { upiPayUri } from './upi-pay';
import { walletText } from '../i18n';

function detailItems(type: PaymentType, payee: string): DetailItem[] {
  const { t } = walletText;
  if (type.kind === 'upi') {
    return [
      { label: t('upiId'), value: type.upi_id ?? '—', copy: type.upi_id, mono: true },
      { label: t('pay.payee'), value: payee, copy: payee },
    ];
  }
  const items: DetailItem[] = [
    { label: t('accountHolder'), value: type.account_holder ?? '—', copy: type.account_holder },
    {
      label: t('accountNumber'),
      value: type.account_number ?? '—',
      copy: type.account_number,
      mono: true,
    },
    { label: t('ifsc'), value: type.ifsc ?? '—', copy: type.ifsc, mono: true },
  ];
  if (type.bank_name) items.push({ label: t('pay.bank'), value: type.bank_name });
  return items;
}

/**
 * Where to send the money: the amount (once typed) beside the payee's full name, copyable UPI
 * ID or bank details, and a QR code. A UPI type's QR is drawn from its `upi://pay` link with
 * the typed amount, and phones get a button that opens the link in a UPI app (issue 17); a
 * bank type shows the QR image staff uploaded, if any.
 */
export function PaymentDetails({ type, amount }: { type: PaymentType; amount?: string }) {
  const t = walletText.useT();
  const wire = amount ? normaliseAmount(amount) : null;
  const shown = wire && !/^0+\.00$/.test(wire) ? formatMoney(wire) : null;
  const payee = type.account_holder || type.name;
  const uri =
    type.kind === 'upi' && type.upi_id ? upiPayUri({ upiId: type.upi_id, payee, amount }) : null;
  return (
    <section
      aria-labelledby="pay-to-heading"
      className="rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200"
    >
      <h3 id="pay-to-heading" className="break-words font-semibold text-slate-900">
        {shown
          ? t('pay.titleAmount', { amount: shown, name: type.name })
          : t('pay.title', { name: type.name })}
      </h3>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <DetailList items={detailItems(type, payee)} columns={1} className="min-w-0 flex-1" />
        {uri ? (
          <figure className="mx-auto flex shrink-0 flex-col items-center gap-2 sm:mx-0">
            <QrCode
              text={uri}
              size={176}
              label={shown ? t('pay.qrAmount', { amount: shown, payee }) : t('pay.qr', { payee })}
              className="p-2 ring-1 ring-slate-200"
            />
            <figcaption className="text-center text-sm text-slate-600">{t('pay.scan')}</figcaption>
            {/* A phone opens the same link in its UPI app; a desktop cannot. */}
            <a
              href={uri}
              className="hidden min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 pointer-coarse:inline-flex"
            >
              <Smartphone className="size-4" aria-hidden="true" />
              {t('pay.open')}
            </a>
          </figure>
        ) : type.qr_url ? (
          <figure className="mx-auto shrink-0 text-center sm:mx-0">
            <img
              src={type.qr_url}
              alt={t('pay.qrImage', { name: type.name })}
              className="size-44 rounded-xl bg-white object-contain p-2 ring-1 ring-slate-200"
            />
            <figcaption className="mt-1.5 text-sm text-slate-600">{t('pay.scan')}</figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}
