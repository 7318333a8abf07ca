import { ROUTES, type Withdrawal } from '@iddesk/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatMoney } from '../../../lib/money';
import { SentNotice, TransactionsLink } from './sent-notice';
import { WithdrawForm } from './withdraw-form';
import { common } from '../../../lib/i18n-common';
import { walletText } from '../i18n';

type WithdrawPageProps = {
  /** The signed-in user's available balance (wire format); undefined while it loads. */
  balance: string | undefined;
};

export function WithdrawPage({ balance }: WithdrawPageProps) {
  const [sent, setSent] = useState<Withdrawal | null>(null);
  const t = walletText.useT();
  const titles = common.useT();
  return (
    <>
      <PageHeading
        title={titles('titles.withdraw')}
        description={t('out.description')}
        actions={<TransactionsLink />}
      />
      {sent ? (
        <SentNotice title={t('out.sentTitle')} onDismiss={() => setSent(null)}>
          {sent.method === 'upi'
            ? t('out.sentUpi', { amount: formatMoney(sent.amount), upi: sent.upi_id ?? '' })
            : t('out.sentBank', {
                amount: formatMoney(sent.amount),
                account: sent.account_number ?? '',
              })}
        </SentNotice>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
        <Card className="self-start">
          <section aria-labelledby="available-heading">
            <h2 id="available-heading" className="text-sm font-medium text-brand-800">
              {t('out.available')}
            </h2>
            <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900" aria-live="polite">
              {balance === undefined ? '…' : formatMoney(balance)}
            </p>
            <p className="mt-3 text-slate-600">{t('out.availableText')}</p>
            <ButtonLink to={ROUTES.addFunds} variant="secondary" className="mt-4">
              <Plus className="size-4" aria-hidden="true" />
              {t('addFunds')}
            </ButtonLink>
          </section>
        </Card>
        <Card>
          <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('out.where')}</h2>
          <WithdrawForm balance={balance} onSent={setSent} />
        </Card>
      </div>
    </>
  );
}
