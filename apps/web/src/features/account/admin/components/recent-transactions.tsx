import { ROUTES, type AdminUserDetail } from '@iddesk/contract';
import { ReceiptText } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../../components/ui/list-states';
import { TransactionList } from '../../../wallet';
import { useRecentTransactions } from '../api/users';

/** The user's latest ledger rows, pending and done, with the way to all of them. */
export function RecentTransactions({ user }: { user: AdminUserDetail }) {
  const query = useRecentTransactions(user.id);
  const { data } = query;
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
        {query.isPending ? (
          <ListLoading label="Loading transactions" rows={2} />
        ) : query.isError || !data ? (
          <ListError
            message={query.error?.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : data.items.length === 0 ? (
          <ListEmpty icon={ReceiptText} title="No transactions yet" />
        ) : (
          <TransactionList items={data.items.slice(0, 5)} caption="Latest transactions" />
        )}
      </section>
    </Card>
  );
}
