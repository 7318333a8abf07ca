import type { CSSProperties } from 'react';
import { Megaphone } from 'lucide-react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';

type MarqueeProps = { text: string; className?: string };

/**
 * A scrolling announcement. The text is rendered as plain text. With reduced motion the text
 * stays still and wraps.
 */
export function Marquee({ text, className }: MarqueeProps) {
  const t = common.useT();
  // Roughly constant reading speed whatever the length.
  const seconds = Math.min(60, Math.max(12, text.length * 0.22));
  return (
    <div
      className={cn(
        'flex items-center gap-2 overflow-hidden bg-brand-950 text-sm text-white',
        className,
      )}
      role="region"
      aria-label={t('marquee.label')}
    >
      <span className="z-10 flex h-9 shrink-0 items-center bg-brand-950 pl-3 pr-1 text-teal-300">
        <Megaphone className="size-4" aria-hidden="true" />
      </span>
      <div
        className="marquee min-w-0 flex-1 overflow-hidden py-2"
        style={{ '--marquee-duration': `${seconds}s` } as CSSProperties}
      >
        <p className="marquee-track whitespace-nowrap pr-6">{text}</p>
      </div>
    </div>
  );
}
