import { ROUTES, type AdminUserDetail } from '@iddesk/contract';
import { ReceiptText } from 'lucide-react';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ListEmpty, QueryStates } from '../../../../components/ui/list-states';
import { TransactionList } from '../../../wallet';
import { useRecentTransactions } from '../api/users';
import { accountStaff } from '../i18n';

/** The user's latest ledger rows, pending and done, with the way to all of them. */
export function RecentTransactions({ user }: { user: AdminUserDetail }) {
  const t = accountStaff.useT();
  const query = useRecentTransactions(user.id);
  return (
    <Card>
      <section aria-labelledby="recent-transactions">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="recent-transactions" className="text-lg font-semibold text-slate-900">
            {t('recent.title')}
          </h2>
          <ButtonLink to={ROUTES.adminUserTransactions(user.id)} variant="secondary">
            {t('recent.all', { count: user.transactions_count })}
          </ButtonLink>
        </div>
        <QueryStates
          query={query}
          loadingLabel={t('recent.loading')}
          rows={2}
          isEmpty={(page) => page.items.length === 0}
          empty={<ListEmpty icon={ReceiptText} title={t('recent.empty')} />}
        >
          {(page) => (
            <TransactionList items={page.items.slice(0, 5)} caption={t('recent.caption')} />
          )}
        </QueryStates>
      </section>
    </Card>
  );
}
