import { ROUTES } from '@iddesk/contract';
import { History, UserRound, Users } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { AdminPage } from './admin-page';

export function AdminUsersPage() {
  return (
    <AdminPage
      title="Users"
      description="Every customer account, searchable by name, email or phone."
      icon={Users}
      panelTitle="Customer accounts"
    >
      Open a user to see their balance and history, adjust their balance or lock the account.
    </AdminPage>
  );
}

export function AdminUserPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`User #${id}`}
      description="One customer's account."
      icon={UserRound}
      panelTitle="Account"
      actions={
        <ButtonLink to={ROUTES.adminUserTransactions(id)} variant="inverse">
          Transactions
        </ButtonLink>
      }
    >
      Manual deposits and withdrawals are recorded in the ledger and the audit log.
    </AdminPage>
  );
}

export function AdminUserTransactionsPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`Transactions of user #${id}`}
      description="The wallet ledger of one customer."
      icon={History}
      panelTitle="Ledger"
      actions={
        <ButtonLink to={ROUTES.adminUser(id)} variant="inverse">
          Back to user
        </ButtonLink>
      }
    >
      One row per movement, with the balance after it.
    </AdminPage>
  );
}
