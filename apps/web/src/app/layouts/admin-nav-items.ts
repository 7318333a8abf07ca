import { NAMED_ROUTES, roleCan, ROUTES, type StaffPermission, type StaffRole } from '@iddesk/contract';
import type { KeyOf } from '@iddesk/contract';
import { isPathActive } from '../../lib/nav-rules';
import { exact, section } from './nav-items';

/*
 * The admin area's menus, apart from the storefront's so that a guest's first load does not
 * carry them (issue 19): the admin header and the staff landing redirect load this module.
 */

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

/** Admin header (docs/product.md#shell-and-navigation). "IDs" is also the admin landing page. */
export const ADMIN_LINKS: AdminNavItem[] = [
  { name: 'toWebsite', to: NAMED_ROUTES.home, isActive: () => false },
  // Where staff land after signing in (issue 16 item 4).
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
  // Payment types need managing too (issue 3).
  {
    name: 'payments',
    to: ROUTES.adminPaymentTypes,
    isActive: section(ROUTES.adminPaymentTypes),
    permission: 'payment_types.manage',
  },
  // Bank statements matched to the top-ups (issue 54): whoever reads the queues.
  {
    name: 'statements',
    to: ROUTES.adminStatements,
    isActive: section(ROUTES.adminStatements),
    permission: 'queues.read',
  },
  // Staff accounts and roles (issue 15).
  {
    name: 'staff',
    to: ROUTES.adminStaff,
    isActive: section(ROUTES.adminStaff),
    permission: 'staff.manage',
  },
  // Every staff action, read-only (issue 16 item 6).
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

/** Site content (issue 6): a "Site" menu after Confirm. */
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
 * sends a role without the IDs page (/admin stays the IDs list for the others: docs/product.md#staff-pages).
 */
export function adminLandingFor(role: StaffRole | null | undefined): string {
  const { main, confirm } = adminMenusFor(role);
  return [...main, ...confirm].find((item) => item.permission)?.to ?? ROUTES.home;
}

/** Where a role without `permission` goes instead of the page that needs it; null: it may stay. */
export function landingRedirect(role: StaffRole | null | undefined, permission: StaffPermission): string | null {
  return roleCan(role, permission) ? null : adminLandingFor(role);
}
