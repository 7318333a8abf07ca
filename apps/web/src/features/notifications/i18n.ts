import notificationsEn from '@iddesk/contract/i18n/en/notifications.json';
import { catalogue } from '../../lib/i18n';

/** The notifications list, bell and toasts. The notifications' own text comes from the server. */
export const notices = catalogue('notifications', notificationsEn);
