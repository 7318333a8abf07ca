import { Landmark } from 'lucide-react';
import { SimplePage } from '../../../components/ui/simple-page';

export function AddFundsPage() {
  return (
    <SimplePage
      title="Add funds"
      description="Top up your wallet by UPI or bank transfer."
      icon={Landmark}
      panelTitle="Pay, then send us the proof"
    >
      Pay to one of our payment accounts, then submit the amount, the reference (UTR) and a
      screenshot. Your balance is credited once our desk approves it.
    </SimplePage>
  );
}
