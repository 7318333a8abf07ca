import { ROUTES } from '@iddesk/contract';
import { CheckCircle2, History, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { walletText } from '../i18n';

type SentNoticeProps = { title: string; children: ReactNode; onDismiss: () => void };

/** The item just sent, pending review, with the way to follow it. Takes focus when it appears. */
export function SentNotice({ title, children, onDismiss }: SentNoticeProps) {
  const t = walletText.useT();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [title]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="sent-notice-title"
      className="mb-6 flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:p-5"
    >
      <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="sent-notice-title" className="font-semibold">
            {title}
          </h2>
          <StatusBadge status="pending" />
        </div>
        <div className="mt-1 text-sm text-emerald-900">{children}</div>
        <Link
          to={`${ROUTES.transactions}?tab=pending`}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-emerald-900 underline underline-offset-4"
        >
          {t('sent.see')}
        </Link>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('dismiss')}
        className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-xl text-emerald-900 hover:bg-emerald-100"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </section>
  );
}

/** The wallet pages' way to the ledger, in their heading. */
export function TransactionsLink() {
  const t = walletText.useT();
  return (
    <ButtonLink to={ROUTES.transactions} variant="secondary">
      <History className="size-4" aria-hidden="true" />
      {t('transactions')}
    </ButtonLink>
  );
}
