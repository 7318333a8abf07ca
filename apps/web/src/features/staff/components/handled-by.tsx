import type { Handler } from '@iddesk/contract';
import { formatDateTime } from '../../../lib/money';
import { staffText } from '../i18n';

/** A done row's "who and when": the staff member who handled it and the time. */
export function HandledBy({ by, at }: { by: Handler | undefined; at: string | null }) {
  const t = staffText.useT();
  return (
    <div className="min-w-0 text-sm">
      <p className="truncate font-medium text-slate-900">{by?.name ?? t('handled.gone')}</p>
      <p className="whitespace-nowrap text-slate-600">{formatDateTime(at)}</p>
    </div>
  );
}
