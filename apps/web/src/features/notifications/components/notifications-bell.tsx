import { ROUTES } from '@iddesk/contract';
import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../feed-store';
import { common } from '../../../lib/i18n-common';

type NotificationsBellProps = {
  className: (state: { isActive: boolean }) => string;
  /** The badge's ring matches the header behind it. */
  tone?: 'light' | 'dark';
};

/** The bell in the headers: a link to /notifications with the unread count on it. */
export function NotificationsBell({ className, tone = 'light' }: NotificationsBellProps) {
  const t = common.useT();
  const unread = useUnreadCount();
  return (
    <NavLink
      to={ROUTES.notifications}
      aria-label={t('nav.bell', { unread })}
      className={(state) => cn(className(state), 'relative')}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className={cn(
            'absolute right-1 top-1 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] font-bold leading-none text-white ring-2',
            tone === 'dark' ? 'ring-ink-900' : 'ring-white',
          )}
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
