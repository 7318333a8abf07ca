import {
  NAMED_ROUTES,
  roleCan,
  ROUTES,
  type StaffPermission,
  type StaffRole,
} from '@iddesk/contract';
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

const exact = (to: string) => (pathname: string) => isPathActive(pathname, to);
const section = (to: string) => (pathname: string) =>
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

/** Admin header (SPEC.md §2). "IDs" is also the admin landing page. */
export const ADMIN_LINKS: NavItem[] = [
  { label: 'To Website', to: NAMED_ROUTES.home, isActive: () => false },
  // Not in SPEC.md's menu: where staff land after signing in (issue 16 item 4).
  {
    label: 'Dashboard',
    to: ROUTES.adminDashboard,
    isActive: exact(ROUTES.adminDashboard),
    permission: 'stats.read',
  },
  {
    label: 'Top Block',
    to: ROUTES.adminTopBlock,
    isActive: exact(ROUTES.adminTopBlock),
    permission: 'content.manage',
  },
  {
    label: 'IDs',
    to: ROUTES.adminIds,
    isActive: (p) => isPathActive(p, ROUTES.admin) || section(ROUTES.adminIds)(p),
    permission: 'content.manage',
  },
  {
    label: 'Users',
    to: ROUTES.adminUsers,
    isActive: section(ROUTES.adminUsers),
    permission: 'users.read',
  },
  // Not in SPEC.md's menu: payment types need managing too (issue 3).
  {
    label: 'Payments',
    to: ROUTES.adminPaymentTypes,
    isActive: section(ROUTES.adminPaymentTypes),
    permission: 'payment_types.manage',
  },
  // Not in SPEC.md's menu: staff accounts and roles (issue 15).
  {
    label: 'Staff',
    to: ROUTES.adminStaff,
    isActive: section(ROUTES.adminStaff),
    permission: 'staff.manage',
  },
  // Not in SPEC.md's menu: every staff action, read-only (issue 16 item 6).
  {
    label: 'Audit',
    to: ROUTES.adminAudit,
    isActive: section(ROUTES.adminAudit),
    permission: 'stats.read',
  },
];

export const CONFIRM_LINKS: NavItem[] = [
  {
    label: 'ID Requests',
    to: ROUTES.adminRequestsPending,
    isActive: (p) => /^\/admin\/requests(_pending|_done|\/)/.test(p),
    permission: 'queues.read',
  },
  {
    label: 'New ID',
    to: ROUTES.adminNewIds,
    isActive: section(ROUTES.adminNewIds),
    permission: 'queues.read',
  },
  {
    label: 'Bills',
    to: ROUTES.adminBillsPending,
    isActive: (p) => /^\/admin\/bills(_pending|_done|\/)/.test(p),
    permission: 'queues.read',
  },
  {
    label: 'Withdraw',
    to: ROUTES.adminWithdrawPending,
    isActive: (p) => /^\/admin\/withdraw(_pending|_done|\/)/.test(p),
    permission: 'queues.read',
  },
];

/** Site content (not in SPEC.md's menu; issue 6): a "Site" menu after Confirm. */
export const SITE_CONTENT_LINKS: NavItem[] = [
  {
    label: 'Settings',
    to: ROUTES.adminSettings,
    isActive: section(ROUTES.adminSettings),
    permission: 'content.manage',
  },
  {
    label: 'Media',
    to: ROUTES.adminMedia,
    isActive: section(ROUTES.adminMedia),
    permission: 'content.manage',
  },
  {
    label: 'Reviews',
    to: ROUTES.adminReviews,
    isActive: section(ROUTES.adminReviews),
    permission: 'content.manage',
  },
];

/** The admin menus as a staff role sees them: only what it may use (issue 15). */
export function adminMenusFor(role: StaffRole | null | undefined) {
  const allowed = (items: NavItem[]) =>
    items.filter((item) => !item.permission || roleCan(role, item.permission));
  return {
    main: allowed(ADMIN_LINKS),
    confirm: allowed(CONFIRM_LINKS),
    site: allowed(SITE_CONTENT_LINKS),
  };
}

/**
 * The role's first admin page (the dashboard, for every role that may read it): where /admin
 * sends a role without the IDs page (SPEC.md §2 keeps /admin the IDs list for the others).
 */
export function adminLandingFor(role: StaffRole | null | undefined): string {
  const { main, confirm } = adminMenusFor(role);
  return [...main, ...confirm].find((item) => item.permission)?.to ?? ROUTES.home;
}
