import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { ID_TABS } from './nav-items';

/** The tab row under the header: Create ID, Demo ID, My IDs. */
export function IdTabs() {
  const t = common.useT();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.ids')} className="border-t border-slate-100">
      <ul className="mx-auto grid max-w-6xl grid-cols-3 md:flex md:gap-2 md:px-6">
        {ID_TABS.map((tab) => {
          const active = tab.isActive(pathname);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-12 items-center justify-center border-b-2 px-4 text-sm font-semibold transition-colors',
                  active
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {t(tab.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
