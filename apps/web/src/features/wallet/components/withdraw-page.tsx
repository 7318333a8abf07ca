import { ArrowUpFromLine } from 'lucide-react';
import { SimplePage } from '../../../components/ui/simple-page';

export function WithdrawPage() {
  return (
    <SimplePage
      title="Withdraw"
      description="Move money from your wallet to your UPI ID or bank account."
      icon={ArrowUpFromLine}
      panelTitle="Where should we send it?"
    >
      The amount is held from your balance as soon as you ask, and paid out when our desk approves
      the withdrawal.
    </SimplePage>
  );
}
