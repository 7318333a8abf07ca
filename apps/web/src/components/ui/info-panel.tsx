import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from './card';
import { IconBadge } from './icon-badge';

type InfoPanelProps = { icon: LucideIcon; title: string; children: ReactNode; actions?: ReactNode };

/** A calm card for a page section whose content is explained rather than listed. */
export function InfoPanel({ icon: Icon, title, children, actions }: InfoPanelProps) {
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <IconBadge icon={Icon} tone="brand" />
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <div className="mt-1 text-slate-600">{children}</div>
        {actions ? <div className="mt-4 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </Card>
  );
}
