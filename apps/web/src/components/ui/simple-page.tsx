import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { InfoPanel } from './info-panel';
import { PageHeading } from './page-heading';

type SimplePageProps = {
  title: string;
  description: string;
  icon: LucideIcon;
  panelTitle: string;
  children: ReactNode;
  actions?: ReactNode;
};

export function SimplePage({
  title,
  description,
  icon,
  panelTitle,
  children,
  actions,
}: SimplePageProps) {
  return (
    <>
      <PageHeading title={title} description={description} />
      <InfoPanel icon={icon} title={panelTitle} actions={actions}>
        {children}
      </InfoPanel>
    </>
  );
}
