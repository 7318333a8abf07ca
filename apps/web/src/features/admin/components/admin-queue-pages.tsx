import { ROUTES } from '@iddesk/contract';
import { ClipboardCheck, FileText, IdCard } from 'lucide-react';
import { useParams } from 'react-router';
import { AdminPage } from './admin-page';

const requestTabs = [
  { to: ROUTES.adminRequestsPending, label: 'Pending' },
  { to: ROUTES.adminRequestsDone, label: 'Done' },
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
