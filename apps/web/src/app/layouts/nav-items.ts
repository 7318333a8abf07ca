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
  /** The label's key in the `common` catalogue (issue 18). */
  labelKey: KeyOf<'common'>;
  to: string;
  isActive: (pathname: string) => boolean;
};

/**
 * An admin menu's item. Its label is `menu.<name>` of the staff area's own catalogue (`staff`),
 * which loads with the admin header, not with a customer's first page.
 */
export type AdminNavItem = {
  name: KeyOf<'staff'> extends infer K ? (K extends `menu.${infer N}` ? N : never) : never;
  to: string;
  isActive: (pathname: string) => boolean;
  /** What the staff role needs for the page (the server enforces it anyway). */
  permission?: StaffPermission;
};

const exact = (to: string) => (pathname: string) => isPathActive(pathname, to);
const section = (to: string) => (pathname: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

/** Desktop header and side menu (SPEC.md §2). */
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

/** Admin header (SPEC.md §2). "IDs" is also the admin landing page. */
export const ADMIN_LINKS: AdminNavItem[] = [
  { name: 'toWebsite', to: NAMED_ROUTES.home, isActive: () => false },
  // Not in SPEC.md's menu: where staff land after signing in (issue 16 item 4).
  {
    name: 'dashboard',
    to: ROUTES.adminDashboard,
    isActive: exact(ROUTES.adminDashboard),
    permission: 'stats.read',
  },
  {
    name: 'topBlock',
    to: ROUTES.adminTopBlock,
    isActive: exact(ROUTES.adminTopBlock),
    permission: 'content.manage',
  },
  {
    name: 'ids',
    to: ROUTES.adminIds,
    isActive: (p) => isPathActive(p, ROUTES.admin) || section(ROUTES.adminIds)(p),
    permission: 'content.manage',
  },
  {
    name: 'users',
    to: ROUTES.adminUsers,
    isActive: section(ROUTES.adminUsers),
    permission: 'users.read',
  },
  // Not in SPEC.md's menu: payment types need managing too (issue 3).
  {
    name: 'payments',
    to: ROUTES.adminPaymentTypes,
    isActive: section(ROUTES.adminPaymentTypes),
    permission: 'payment_types.manage',
  },
  // Not in SPEC.md's menu: staff accounts and roles (issue 15).
  {
    name: 'staff',
    to: ROUTES.adminStaff,
    isActive: section(ROUTES.adminStaff),
    permission: 'staff.manage',
  },
  // Not in SPEC.md's menu: every staff action, read-only (issue 16 item 6).
  {
    name: 'audit',
    to: ROUTES.adminAudit,
    isActive: section(ROUTES.adminAudit),
    permission: 'stats.read',
  },
];

export const CONFIRM_LINKS: AdminNavItem[] = [
  {
    name: 'idRequests',
    to: ROUTES.adminRequestsPending,
    isActive: (p) => /^\/admin\/requests(_pending|_done|\/)/.test(p),
    permission: 'queues.read',
  },
  {
    name: 'newId',
    to: ROUTES.adminNewIds,
    isActive: section(ROUTES.adminNewIds),
    permission: 'queues.read',
  },
  {
    name: 'bills',
    to: ROUTES.adminBillsPending,
    isActive: (p) => /^\/admin\/bills(_pending|_done|\/)/.test(p),
    permission: 'queues.read',
  },
  {
    name: 'withdraw',
    to: ROUTES.adminWithdrawPending,
    isActive: (p) => /^\/admin\/withdraw(_pending|_done|\/)/.test(p),
    permission: 'queues.read',
  },
];

/** Site content (not in SPEC.md's menu; issue 6): a "Site" menu after Confirm. */
export const SITE_CONTENT_LINKS: AdminNavItem[] = [
  {
    name: 'settings',
    to: ROUTES.adminSettings,
    isActive: section(ROUTES.adminSettings),
    permission: 'content.manage',
  },
  {
    name: 'media',
    to: ROUTES.adminMedia,
    isActive: section(ROUTES.adminMedia),
    permission: 'content.manage',
  },
  {
    name: 'reviews',
    to: ROUTES.adminReviews,
    isActive: section(ROUTES.adminReviews),
    permission: 'content.manage',
  },
];

/** The admin menus as a staff role sees them: only what it may use (issue 15). */
export function adminMenusFor(role: StaffRole | null | undefined) {
  const allowed = (items: AdminNavItem[]) =>
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
