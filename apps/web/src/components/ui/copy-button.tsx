import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { copyText } from '../../lib/clipboard';

type CopyButtonProps = {
  value: string;
  /** What is copied, for the accessible name: "Copy UPI ID". */
  what: string;
  className?: string;
};

/** Copies a value and says so for two seconds, visibly and to screen readers. */
export function CopyButton({ value, what, className }: CopyButtonProps) {
  const t = common.useT();
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), 2000);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const onClick = async () => {
    if (await copyText(value)) setCopiedAt(Date.now());
    else toast.error(t('copy.failed'), { description: t('copy.byHand', { what }) });
  };

  const copied = copiedAt !== null;
  return (
    <>
      <button
        type="button"
        onClick={() => void onClick()}
        aria-label={t('copy.label', { what })}
        className={cn(
          'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          copied
            ? 'bg-emerald-50 text-emerald-800'
            : 'bg-brand-50 text-brand-800 hover:bg-brand-100',
          className,
        )}
      >
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        <span aria-hidden="true">{copied ? t('copy.copied') : t('copy.copy')}</span>
      </button>
      <span className="sr-only" role="status">
        {copied ? t('copy.done', { what }) : ''}
      </span>
    </>
  );
}
