import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LinkTabs } from '../../../components/ui/link-tabs';
import { PageHeading } from '../../../components/ui/page-heading';
import { staffText } from '../i18n';

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
  const t = staffText.useT();
  return (
    <>
      <PageHeading title={title} description={description} actions={actions} />
      {tabs ? (
        <LinkTabs
          label={t('frame.tabs', { title })}
          tabs={tabs.map((tab) => ({ ...tab, active: pathname === tab.to }))}
        />
      ) : null}
      {children}
    </>
  );
}

/** A queue's two lists, Pending and Done, as tabs (call it while rendering: its words follow the page's language). */
export const queueTabs = (pending: string, done: string): AdminTab[] => [
  { to: pending, label: staffText.t('frame.pending') },
  { to: done, label: staffText.t('frame.done') },
];
