import { useState } from 'react';
import { cn } from '../../lib/cn';

type ItemLogoProps = { name: string; url: string | null | undefined; className?: string };

/**
 * A catalogue item's logo, decorative beside its name; the first letter on a tinted tile when
 * there is no image or it fails to load.
 */
export function ItemLogo({ name, url, className }: ItemLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn(
    'flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200',
    className,
  );
  if (!url || failed === url) {
    return (
      <span
        aria-hidden="true"
        className={cn(frame, 'bg-brand-50 text-xl font-bold text-brand-700')}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <span className={frame}>
      <img
        src={url}
        alt=""
        loading="lazy"
        onError={() => setFailed(url)}
        className="size-full object-contain p-1.5"
      />
    </span>
  );
}
