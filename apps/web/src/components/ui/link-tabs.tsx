import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { useSurface } from './surface';

export type LinkTab = { to: string; label: string; active: boolean };

/** Two or three views of one list (Pending / Done) as links, the current one marked. */
export function LinkTabs({ tabs, label }: { tabs: LinkTab[]; label: string }) {
  const dark = useSurface() === 'dark';
  return (
    <nav aria-label={label} className="mb-6">
      <ul className={cn('inline-flex rounded-xl p-1', dark ? 'bg-white/10' : 'bg-slate-200/70')}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.active ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold',
                tab.active
                  ? 'bg-white text-slate-900 shadow-sm'
                  : dark
                    ? 'text-slate-200 hover:text-white'
                    : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
