import { ROUTES, type Withdrawal } from '@iddesk/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatMoney } from '../../../lib/money';
import { SentNotice, transactionsLink } from './sent-notice';
import { WithdrawForm } from './withdraw-form';

type WithdrawPageProps = {
  /** The signed-in user's available balance (wire format); undefined while it loads. */
  balance: string | undefined;
};

export function WithdrawPage({ balance }: WithdrawPageProps) {
  const [sent, setSent] = useState<Withdrawal | null>(null);
  return (
    <>
      <PageHeading
        title="Withdraw"
        description="Move money from your wallet to your UPI ID or bank account."
        actions={transactionsLink}
      />
      {sent ? (
        <SentNotice title="Withdrawal requested" onDismiss={() => setSent(null)}>
          {formatMoney(sent.amount)} to{' '}
          {sent.method === 'upi' ? sent.upi_id : `account ${sent.account_number}`} is held from your
          balance and will be paid out by the desk.
        </SentNotice>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]">
        <Card className="self-start">
          <section aria-labelledby="available-heading">
            <h2 id="available-heading" className="text-sm font-medium text-brand-800">
              Available balance
            </h2>
            <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900" aria-live="polite">
              {balance === undefined ? '…' : formatMoney(balance)}
            </p>
            <p className="mt-3 text-slate-600">
              A withdrawal is held from your balance at once and paid out when the desk approves it.
              If it is rejected, the amount comes back.
            </p>
            <ButtonLink to={ROUTES.addFunds} variant="secondary" className="mt-4">
              <Plus className="size-4" aria-hidden="true" />
              Add funds
            </ButtonLink>
          </section>
        </Card>
        <Card>
          <h2 className="mb-5 text-lg font-semibold text-slate-900">Where should we send it?</h2>
          <WithdrawForm balance={balance} onSent={setSent} />
        </Card>
      </div>
    </>
  );
}
