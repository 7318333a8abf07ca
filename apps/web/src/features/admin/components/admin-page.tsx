import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { InfoPanel } from '../../../components/ui/info-panel';
import { AdminFrame, type AdminTab } from './admin-frame';

type AdminPageProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  panelTitle: string;
  children: ReactNode;
  tabs?: AdminTab[];
  actions?: ReactNode;
};

/** An admin page that explains its section in one panel (sections a later issue builds). */
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
    <AdminFrame title={title} description={description} actions={actions} tabs={tabs}>
      <InfoPanel icon={icon} title={panelTitle}>
        {children}
      </InfoPanel>
    </AdminFrame>
  );
}
