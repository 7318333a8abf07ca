import { ExternalLink as ExternalIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';

/** "netflix.com" for "https://www.netflix.com/in/": what a person recognises in a link. */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

type ExternalLinkProps = { href: string; children?: ReactNode; className?: string };

/** A link to another site, opened in a new tab, saying so to screen readers. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  const t = common.useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex min-h-11 max-w-full items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline',
        className,
      )}
    >
      <span className="truncate">{children ?? displayHost(href)}</span>
      <ExternalIcon className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('link.newTab')}</span>
    </a>
  );
}
