import type { Notification } from '@iddesk/contract';
import { ROUTES } from '@iddesk/contract';
import { Bell } from 'lucide-react';
import { toast } from '../../lib/toast';
import { notices } from './i18n';

/** At most this many toasts per poll; the rest are summed up in one. */
const MAX_TOASTS = 3;

/** Toasts for new notifications, newest on top, each with a way to its object. */
export function toastNotifications(items: Notification[], open: (link: string) => void): void {
  const newestFirst = [...items].sort((a, b) => b.id - a.id);
  const shown =
    newestFirst.length > MAX_TOASTS ? newestFirst.slice(0, MAX_TOASTS - 1) : newestFirst;
  const rest = newestFirst.length - shown.length;
  if (rest > 0) {
    toast(notices.t('toast.more', { count: rest }), {
      id: `notification-more-${newestFirst[0]!.id}`,
      icon: <Bell className="size-4" aria-hidden="true" />,
      action: { label: notices.t('toast.seeAll'), onClick: () => open(ROUTES.notifications) },
    });
  }
  // Oldest first, so the newest ends up on top of the stack.
  for (const item of [...shown].reverse()) {
    toast(item.title, {
      id: `notification-${item.id}`,
      description: item.body,
      icon: <Bell className="size-4" aria-hidden="true" />,
      action: item.link ? { label: notices.t('toast.view'), onClick: () => open(item.link!) } : undefined,
    });
  }
}
