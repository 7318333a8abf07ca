import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LinkTabs } from '../../../components/ui/link-tabs';
import { PageHeading } from '../../../components/ui/page-heading';

export type AdminTab = { to: string; label: string };

type AdminFrameProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Sibling lists (Pending / Done), as links. */
  tabs?: AdminTab[];
  children: ReactNode;
};

/** Heading, optional list tabs and content: the frame every admin page shares. */
export function AdminFrame({ title, description, actions, tabs, children }: AdminFrameProps) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeading title={title} description={description} actions={actions} />
      {tabs ? (
        <LinkTabs
          label={`${title} lists`}
          tabs={tabs.map((tab) => ({ ...tab, active: pathname === tab.to }))}
        />
      ) : null}
      {children}
    </>
  );
}
