import { NAMED_ROUTES } from '@iddesk/contract';
import type { KeyOf } from '@iddesk/contract';
import { isHomeActive, isPathActive } from '../../lib/nav-rules';

export type NavItem = {
  /** The label's key in the `common` catalogue (issue 18). */
  labelKey: KeyOf<'common'>;
  to: string;
  isActive: (pathname: string) => boolean;
};

export const exact = (to: string) => (pathname: string) => isPathActive(pathname, to);
export const section = (to: string) => (pathname: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

/** Desktop header and side menu (docs/product.md#shell-and-navigation). */
export const MAIN_LINKS: NavItem[] = [
  { labelKey: 'nav.home', to: NAMED_ROUTES.home, isActive: isHomeActive },
  { labelKey: 'nav.media', to: NAMED_ROUTES.media, isActive: exact(NAMED_ROUTES.media) },
  { labelKey: 'nav.reviews', to: NAMED_ROUTES.reviews, isActive: exact(NAMED_ROUTES.reviews) },
  { labelKey: 'nav.contacts', to: NAMED_ROUTES.contacts, isActive: exact(NAMED_ROUTES.contacts) },
];

/** The mobile header's tab row. */
export const ID_TABS: NavItem[] = [
  {
    labelKey: 'nav.createId',
    to: NAMED_ROUTES.create_id_list,
    isActive: section(NAMED_ROUTES.create_id_list),
  },
  { labelKey: 'nav.demoId', to: NAMED_ROUTES.demo_id_list, isActive: section(NAMED_ROUTES.demo_id_list) },
  { labelKey: 'nav.myIds', to: NAMED_ROUTES.my_ids, isActive: section(NAMED_ROUTES.my_ids) },
];
