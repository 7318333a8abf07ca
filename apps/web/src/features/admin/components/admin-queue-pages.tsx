import { ROUTES } from '@iddesk/contract';
import { ClipboardCheck, FileText, HandCoins, IdCard, Receipt } from 'lucide-react';
import { useParams } from 'react-router';
import { AdminPage } from './admin-page';

const requestTabs = [
  { to: ROUTES.adminRequestsPending, label: 'Pending' },
  { to: ROUTES.adminRequestsDone, label: 'Done' },
];
const billTabs = [
  { to: ROUTES.adminBillsPending, label: 'Pending' },
  { to: ROUTES.adminBillsDone, label: 'Done' },
];
const withdrawTabs = [
  { to: ROUTES.adminWithdrawPending, label: 'Pending' },
  { to: ROUTES.adminWithdrawDone, label: 'Done' },
];

export function AdminNewIdsPage() {
  return (
    <AdminPage
      title="New ID"
      description="Customers waiting for a new ID."
      icon={IdCard}
      panelTitle="New ID requests"
    >
      Approve a request with the amount, login and password of the new ID, or reject it to release
      the held funds.
    </AdminPage>
  );
}

export function AdminNewIdPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`New ID #${id}`}
      description="One customer's request for a new ID."
      icon={IdCard}
      panelTitle="Approve or reject"
    >
      Check the payment, then enter the amount, login and password the customer receives.
    </AdminPage>
  );
}

export function AdminRequestsPendingPage() {
  return (
    <AdminPage
      title="ID requests"
      description="Deposits, withdrawals, closures and password changes on customers' IDs."
      icon={ClipboardCheck}
      panelTitle="Waiting for the desk"
      tabs={requestTabs}
    >
      Oldest first. Each request is handled exactly once.
    </AdminPage>
  );
}

export function AdminRequestsDonePage() {
  return (
    <AdminPage
      title="ID requests"
      description="Requests that have been approved or rejected."
      icon={ClipboardCheck}
      panelTitle="Handled requests"
      tabs={requestTabs}
    >
      Newest first, with the admin's comment.
    </AdminPage>
  );
}

export function AdminRequestPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`Request #${id}`}
      description="One request on a customer's ID."
      icon={FileText}
      panelTitle="Handle the request"
    >
      Approve or reject it with a comment; withdrawals and closures also need the confirmed amount.
    </AdminPage>
  );
}

export function AdminBillsPendingPage() {
  return (
    <AdminPage
      title="Bills"
      description="Wallet top-ups waiting for payment checks."
      icon={Receipt}
      panelTitle="Pending bills"
      tabs={billTabs}
    >
      Match the reference and screenshot against the payment account before approving.
    </AdminPage>
  );
}

export function AdminBillsDonePage() {
  return (
    <AdminPage
      title="Bills"
      description="Top-ups that have been approved or rejected."
      icon={Receipt}
      panelTitle="Handled bills"
      tabs={billTabs}
    >
      Approved bills have been credited to the customer's wallet.
    </AdminPage>
  );
}

export function AdminBillPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`Bill #${id}`}
      description="One wallet top-up."
      icon={Receipt}
      panelTitle="Approve or reject"
    >
      Approving credits the amount to the customer's wallet.
    </AdminPage>
  );
}

export function AdminWithdrawPendingPage() {
  return (
    <AdminPage
      title="Withdraw"
      description="Wallet payouts waiting to be sent."
      icon={HandCoins}
      panelTitle="Pending withdrawals"
      tabs={withdrawTabs}
    >
      The amounts are already held from the customers' balances.
    </AdminPage>
  );
}

export function AdminWithdrawDonePage() {
  return (
    <AdminPage
      title="Withdraw"
      description="Payouts that have been sent or rejected."
      icon={HandCoins}
      panelTitle="Handled withdrawals"
      tabs={withdrawTabs}
    >
      Sent payouts carry their reference and screenshot.
    </AdminPage>
  );
}

export function AdminWithdrawPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`Withdrawal #${id}`}
      description="One wallet payout."
      icon={HandCoins}
      panelTitle="Send or reject"
    >
      After paying out, approve with the payout reference and an optional screenshot.
    </AdminPage>
  );
}
