import { ROUTES } from '@iddesk/contract';
import { ArrowDownToLine, ArrowUpFromLine, CircleSlash, IdCard } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { SimplePage } from '../../../components/ui/simple-page';

function BackToId() {
  const { id = '' } = useParams();
  return (
    <ButtonLink to={ROUTES.myId(id)} variant="secondary">
      Back to ID
    </ButtonLink>
  );
}

export function MyIdPage() {
  const { id = '' } = useParams();
  return (
    <SimplePage
      title={`ID #${id}`}
      description="Login details, status and the requests made on this ID."
      icon={IdCard}
      panelTitle="Manage this ID"
      actions={
        <>
          <ButtonLink to={ROUTES.myIdDeposit(id)}>Deposit</ButtonLink>
          <ButtonLink to={ROUTES.myIdWithdraw(id)} variant="secondary">
            Withdraw
          </ButtonLink>
          <ButtonLink to={ROUTES.myIdClose(id)} variant="secondary">
            Close
          </ButtonLink>
        </>
      }
    >
      Deposit to it, withdraw from it or close it; every action is a request our desk handles.
    </SimplePage>
  );
}

export function MyIdDepositPage() {
  return (
    <SimplePage
      title="Deposit to ID"
      description="Move money into this ID."
      icon={ArrowDownToLine}
      panelTitle="Amount and payment"
      actions={<BackToId />}
    >
      Pay from your wallet balance or upload a payment proof. The amount is held until the deposit
      is approved.
    </SimplePage>
  );
}

export function MyIdWithdrawPage() {
  return (
    <SimplePage
      title="Withdraw from ID"
      description="Move money from this ID back to your wallet."
      icon={ArrowUpFromLine}
      panelTitle="Amount to withdraw"
      actions={<BackToId />}
    >
      Our desk confirms the amount and credits your wallet once the withdrawal is approved.
    </SimplePage>
  );
}

export function MyIdClosePage() {
  return (
    <SimplePage
      title="Close ID"
      description="Close this ID and return its balance to your wallet."
      icon={CircleSlash}
      panelTitle="Before you close"
      actions={<BackToId />}
    >
      Closing is final. The remaining balance is credited to your wallet after our desk confirms it.
    </SimplePage>
  );
}
