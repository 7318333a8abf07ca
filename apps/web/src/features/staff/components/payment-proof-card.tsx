import type { PayFrom } from '@iddesk/contract';
import { Wallet } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { PrivateImage } from './private-image';
import { formatMoney } from '../../../lib/money';
import { staffText } from '../i18n';
import { IconBadge } from '../../../components/ui/icon-badge';

type PaymentProofCardProps = {
  payFrom: PayFrom;
  amount: string;
  proofUrl: string | null;
  /** "new ID #12": names the screenshot. */
  subject: string;
};

/** How the customer paid: the screenshot to check, or the wallet hold already in place. */
export function PaymentProofCard({ payFrom, amount, proofUrl, subject }: PaymentProofCardProps) {
  const t = staffText.useT();
  if (payFrom === 'payment' && proofUrl) {
    return (
      <Card>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('proof.title')}</h2>
        <PrivateImage url={proofUrl} alt={t('proof.alt', { subject })} zoomable />
      </Card>
    );
  }
  return (
    <Card className="flex items-start gap-4">
      <IconBadge icon={Wallet} tone="success" />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('proof.wallet')}</h2>
        <p className="mt-1 text-slate-600">
          {t('proof.walletHint', { amount: formatMoney(amount) })}
        </p>
      </div>
    </Card>
  );
}
