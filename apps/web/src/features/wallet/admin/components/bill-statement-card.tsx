import { ROUTES } from '@iddesk/contract';
import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../../components/ui/card';
import { QueryStates } from '../../../../components/ui/list-states';
import { formatDay, formatMoney } from '../../../../lib/money';
import { useBillStatement } from '../api/statements';
import { walletStaff } from '../i18n';

/**
 * A bill's page (issue 54): the line of the business's bank statement that backs it, with a
 * link to its import, or "not on a statement yet" (and, with the owner's rule on, that it
 * cannot be approved until one is).
 */
export function BillStatementCard({ billId, pending }: { billId: number; pending: boolean }) {
  const t = walletStaff.useT();
  const query = useBillStatement(billId);
  return (
    <Card>
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Landmark className="size-5 text-brand-700" aria-hidden="true" />
        {t('billStatement.title')}
      </h2>
      <QueryStates query={query} loadingLabel={t('billStatement.loading')} rows={2}>
        {({ line, only_matched: onlyMatched }) =>
          line ? (
            <div className="flex flex-col gap-1 text-sm">
              <p className="font-semibold text-emerald-800">{t('billStatement.matched')}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-600">{t('billStatement.day')}</dt>
                <dd className="text-slate-900">{formatDay(line.day)}</dd>
                <dt className="text-slate-600">{t('billStatement.amount')}</dt>
                <dd className="font-semibold tabular-nums text-slate-900">{formatMoney(line.amount)}</dd>
                <dt className="text-slate-600">{t('billStatement.account')}</dt>
                <dd className="text-slate-900">{line.payment_type.name}</dd>
                <dt className="text-slate-600">{t('billStatement.narration')}</dt>
                <dd className="break-words text-slate-900">{line.narration}</dd>
              </dl>
              <Link
                to={`${ROUTES.adminStatement(line.import_id)}?result=matched`}
                className="mt-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {t('billStatement.open', { id: line.import_id, line: line.source_line })}
              </Link>
            </div>
          ) : (
            <div className="text-sm">
              <p className="font-semibold text-slate-800">{t('billStatement.none')}</p>
              <p className="mt-1 text-slate-600">
                {onlyMatched && pending ? t('billStatement.noneRuleOn') : t('billStatement.noneHint')}
              </p>
            </div>
          )
        }
      </QueryStates>
    </Card>
  );
}
