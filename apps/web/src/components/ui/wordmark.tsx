import { useId } from 'react';
import { cn } from '../../lib/cn';

/** The ID Desk mark: an ID card in a rounded tile. */
export function LogoMark({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn('shrink-0', className)}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#0d9488" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${id})`} />
      <circle cx="11.5" cy="13" r="3.5" fill="#fff" />
      <path d="M6 23c.8-3 3-4.5 5.5-4.5S16.2 20 17 23z" fill="#fff" />
      <rect x="19" y="10" width="8" height="2.5" rx="1.25" fill="#fff" />
      <rect x="19" y="15" width="6" height="2.5" rx="1.25" fill="#fff" opacity=".8" />
      <rect x="19" y="20" width="7" height="2.5" rx="1.25" fill="#fff" opacity=".6" />
    </svg>
  );
}

type WordmarkProps = { className?: string; tone?: 'dark' | 'light'; size?: 'sm' | 'md' | 'lg' };

/** "ID Desk" wordmark. Its text is the accessible name; wrap it in a link where it navigates. */
export function Wordmark({ className, tone = 'dark', size = 'md' }: WordmarkProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 font-bold tracking-tight',
        size === 'sm' && 'text-lg',
        size === 'md' && 'text-xl',
        size === 'lg' && 'text-3xl',
        tone === 'dark' ? 'text-slate-900' : 'text-white',
        className,
      )}
    >
      <LogoMark className={size === 'lg' ? 'size-11' : size === 'sm' ? 'size-7' : 'size-8'} />
      <span>
        {/* The brand name is the same in every language. */}
        {/* eslint-disable-next-line i18next/no-literal-string */}
        ID<span className={tone === 'dark' ? 'text-brand-700' : 'text-teal-300'}> Desk</span>
      </span>
    </span>
  );
}
