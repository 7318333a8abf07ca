import { ROUTES } from '@iddesk/contract';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { QueryStates } from '../../../components/ui/list-states';
import { formatDateTime } from '../../../lib/money';
import { useObjectHistory } from '../api/object-history';
import { auditActionLabel } from '../lib/audit-labels';
import { AuditChange } from './audit-change';
import { staffText } from '../i18n';

/** An item's own history (issue 16 item 6): every staff action on it, newest first. */
export function HistoryCard({ type, id }: { type: string; id: number }) {
  const t = staffText.useT();
  const query = useObjectHistory(type, id);
  return (
    <Card>
      <section aria-labelledby={`history-${type}-${id}`}>
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2
            id={`history-${type}-${id}`}
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <History className="size-5 text-slate-500" aria-hidden="true" />
            {t('history.title')}
          </h2>
          <Link
            to={`${ROUTES.adminAudit}?object_type=${type}&object_id=${id}`}
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {t('history.inAudit')}
          </Link>
        </div>
        <QueryStates
          query={query}
          loadingLabel={t('history.loading')}
          rows={2}
          isEmpty={(page) => page.items.length === 0}
          empty={<p className="text-sm text-slate-600">{t('history.empty')}</p>}
        >
          {(page) => (
            <ol className="flex flex-col divide-y divide-slate-200">
              {page.items.map((entry) => (
                <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
                  <p className="font-medium text-slate-900">
                    {auditActionLabel(entry.action)}
                    <span className="font-normal text-slate-600">
                      {' '}
                      {t('history.by', {
                        name: entry.actor?.name ?? t('history.removed'),
                        time: formatDateTime(entry.created_at),
                      })}
                    </span>
                  </p>
                  <div className="mt-1">
                    <AuditChange entry={entry} />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </QueryStates>
      </section>
    </Card>
  );
}
