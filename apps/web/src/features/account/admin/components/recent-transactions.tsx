import { ROUTES, type AdminUserDetail } from '@iddesk/contract';
import { ReceiptText } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ListEmpty, QueryStates } from '../../../../components/ui/list-states';
import { TransactionList } from '../../../wallet';
import { useRecentTransactions } from '../api/users';

/** The user's latest ledger rows, pending and done, with the way to all of them. */
export function RecentTransactions({ user }: { user: AdminUserDetail }) {
  const query = useRecentTransactions(user.id);
  return (
    <Card>
      <section aria-labelledby="recent-transactions">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="recent-transactions" className="text-lg font-semibold text-slate-900">
            Transactions
          </h2>
          <ButtonLink to={ROUTES.adminUserTransactions(user.id)} variant="secondary">
            All {user.transactions_count}
          </ButtonLink>
        </div>
        <QueryStates
          query={query}
          loadingLabel="Loading transactions"
          rows={2}
          isEmpty={(page) => page.items.length === 0}
          empty={<ListEmpty icon={ReceiptText} title="No transactions yet" />}
        >
          {(page) => (
            <TransactionList items={page.items.slice(0, 5)} caption="Latest transactions" />
          )}
        </QueryStates>
      </section>
    </Card>
  );
}
