import { NAMED_ROUTES, type StaffPermission } from '@iddesk/contract';
import type { KeyOf } from '@iddesk/contract';
import { isHomeActive, isPathActive } from '../../lib/nav-rules';

export type NavItem = {
  label: string;
  /** The label's key in the `common` catalogue, where the item is shown translated (issue 18). */
  labelKey?: KeyOf<'common'>;
  to: string;
  isActive: (pathname: string) => boolean;
  /** Admin menus: what the staff role needs for the page (the server enforces it anyway). */
  permission?: StaffPermission;
};

export const exact = (to: string) => (pathname: string) => isPathActive(pathname, to);
export const section = (to: string) => (pathname: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

/** Desktop header and side menu (SPEC.md §2). */
export const MAIN_LINKS: NavItem[] = [
  { label: 'Home', labelKey: 'nav.home', to: NAMED_ROUTES.home, isActive: isHomeActive },
  { label: 'Media', labelKey: 'nav.media', to: NAMED_ROUTES.media, isActive: exact(NAMED_ROUTES.media) },
  { label: 'Reviews', labelKey: 'nav.reviews', to: NAMED_ROUTES.reviews, isActive: exact(NAMED_ROUTES.reviews) },
  { label: 'Contacts', labelKey: 'nav.contacts', to: NAMED_ROUTES.contacts, isActive: exact(NAMED_ROUTES.contacts) },
];

/** The mobile header's tab row. */
export const ID_TABS: NavItem[] = [
  {
    label: 'Create ID',
    labelKey: 'nav.createId',
    to: NAMED_ROUTES.create_id_list,
    isActive: section(NAMED_ROUTES.create_id_list),
  },
  { label: 'Demo ID', labelKey: 'nav.demoId', to: NAMED_ROUTES.demo_id_list, isActive: section(NAMED_ROUTES.demo_id_list) },
  { label: 'My IDs', labelKey: 'nav.myIds', to: NAMED_ROUTES.my_ids, isActive: section(NAMED_ROUTES.my_ids) },
];
