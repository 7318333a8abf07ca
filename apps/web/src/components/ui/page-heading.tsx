import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useSurface } from './surface';

type PageHeadingProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Text tone; defaults to what suits the surrounding surface. */
  tone?: 'dark' | 'light';
  className?: string;
};

/** The page's single h1 with its short description. */
export function PageHeading({
  title,
  description,
  actions,
  tone: toneProp,
  className,
}: PageHeadingProps) {
  const surface = useSurface();
  const tone = toneProp ?? (surface === 'dark' ? 'light' : 'dark');
  return (
    <div className={cn('mb-6 flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        <h1
          className={cn(
            'text-2xl font-bold tracking-tight sm:text-3xl',
            tone === 'dark' ? 'text-slate-900' : 'text-white',
          )}
        >
          {title}
        </h1>
        {description ? (
          <p
            className={cn(
              'mt-2 max-w-2xl text-base',
              tone === 'dark' ? 'text-slate-600' : 'text-slate-300',
            )}
          >
            {description}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
