import type { Handler, RequestStatus } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../lib/money';
import { staffText } from '../i18n';

type OutcomeProps = {
  /** The handled item: its status, when, the admin's comment and (staff views) who. */
  item: {
    status: RequestStatus;
    handled_at: string | null;
    comment: string | null;
    handled_by?: Handler | undefined;
  };
  children?: ReactNode;
};

/** How a handled item ended: approved, rejected or cancelled by the customer, when, by whom, and the admin's comment. */
export function Outcome({ item, children }: OutcomeProps) {
  const { status, handled_at: handledAt, comment, handled_by: handledBy } = item;
  const t = staffText.useT();
  const time = formatDateTime(handledAt);
  return (
    <Card>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('outcome.title')}</h2>
        <StatusBadge status={status} />
      </div>
      <p className="mt-2 text-slate-700">
        {handledBy
          ? t('outcome.lineBy', { status, time, name: handledBy.name })
          : t('outcome.line', { status, time })}
      </p>
      {comment ? (
        <p className="mt-3 rounded-xl bg-slate-50 p-3 text-slate-700 ring-1 ring-inset ring-slate-200">
          <q>{comment}</q>
        </p>
      ) : null}
      {children}
    </Card>
  );
}
