import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { InfoPanel } from '../../../components/ui/info-panel';
import { PageHeading } from '../../../components/ui/page-heading';
import { cn } from '../../../lib/cn';

type Tab = { to: string; label: string };

type AdminPageProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  panelTitle: string;
  children: ReactNode;
  tabs?: Tab[];
  actions?: ReactNode;
};

/** The frame every admin page shares, on the dark admin background. */
export function AdminPage({
  title,
  description,
  icon,
  panelTitle,
  children,
  tabs,
  actions,
}: AdminPageProps) {
  return (
    <>
      <PageHeading title={title} description={description} actions={actions} />
      {tabs ? (
        <nav aria-label={`${title} lists`} className="mb-6">
          <ul className="inline-flex rounded-xl bg-white/10 p-1">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold',
                      isActive
                        ? 'bg-white text-slate-900 shadow-sm'
                        : 'text-slate-200 hover:text-white',
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <InfoPanel icon={icon} title={panelTitle}>
        {children}
      </InfoPanel>
    </>
  );
}
