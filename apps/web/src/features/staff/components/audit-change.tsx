import { ArrowRight } from 'lucide-react';
import { auditChanges } from '../lib/audit-labels';
import { staffText } from '../i18n';

/** An audit entry's before → after, one changed field a line. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const t = staffText.useT();
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-medium text-slate-800">{c.label}:</span>{' '}
          <span className="text-slate-600">{c.from}</span>
          <ArrowRight className="mx-1 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
          <span className="sr-only"> {t('change.to')} </span>
          <span className="text-slate-900">{c.to}</span>
        </li>
      ))}
    </ul>
  );
}
