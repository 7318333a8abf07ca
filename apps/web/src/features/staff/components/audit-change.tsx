import type { AuditEntry } from '@iddesk/contract';
import { ArrowRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { type AuditPart, auditChanges } from '../lib/audit-labels';
import { staffText } from '../i18n';

const LINK = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** A value's pieces: words, a link to the thing's staff page, or a file opening in a new tab. */
function Value({ parts }: { parts: AuditPart[] }) {
  const t = staffText.useT();
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i > 0 ? ', ' : null}
      {p.href && p.external ? (
        <a href={p.href} target="_blank" rel="noreferrer" className={LINK}>
          {p.text}
          <span className="sr-only"> {t('audit.opensNewTab')}</span>
        </a>
      ) : p.href ? (
        <Link to={p.href} className={LINK}>
          {p.text}
        </Link>
      ) : (
        p.text
      )}
    </Fragment>
  ));
}

type AuditChangeProps = {
  entry: Pick<AuditEntry, 'action' | 'object_type' | 'object_id' | 'before' | 'after' | 'refs'>;
};

/** An audit entry's before → after, one changed field a line, in people's words (issue 56). */
export function AuditChange({ entry }: AuditChangeProps) {
  const t = staffText.useT();
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
      {changes.map((c) => (
        <li key={c.field} className="break-words">
          <span className="font-medium text-slate-800">{c.label}:</span>{' '}
          <span className="text-slate-600">
            <Value parts={c.from} />
          </span>
          <ArrowRight className="mx-1 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
          <span className="sr-only"> {t('change.to')} </span>
          <span className="text-slate-900">
            <Value parts={c.to} />
          </span>
        </li>
      ))}
    </ul>
  );
}
