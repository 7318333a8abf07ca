import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { StatusBadge, type StatusValue } from '../../../components/ui/status-badge';
import { Waiting } from './waiting';
import { staffText } from '../i18n';

type DetailsCardProps = {
  title?: string;
  status: StatusValue;
  /** While pending, how long it has waited shows beside the status. */
  waitingSince?: string | null;
  children: ReactNode;
};

/** A queue item's facts: the heading, its age while pending, its status, then the details. */
export function DetailsCard({ title, status, waitingSince, children }: DetailsCardProps) {
  const t = staffText.useT();
  return (
    <Card>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{title ?? t('details.title')}</h2>
        <span className="flex items-center gap-3">
          {waitingSince ? <Waiting since={waitingSince} /> : null}
          <StatusBadge status={status} />
        </span>
      </div>
      {children}
    </Card>
  );
}
