import { NAMED_ROUTES, roleCan, ROUTES, type StaffPermission, type StaffRole } from '@iddesk/contract';
import type { KeyOf } from '@iddesk/contract';
import { isPathActive } from '../../lib/nav-rules';
import { pagePermission } from '../routes/pages';
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
};

/**
 * Whether `role` may open the item's page: the permission the page table gives the page (the
 * one the router checks before it renders); a link out of the admin area is for everyone.
 */
export function itemAllowed(role: StaffRole | null | undefined, item: AdminNavItem): boolean {
  const permission = pagePermission(item.to);
  return !item.to.startsWith(ROUTES.admin) || (permission !== undefined && roleCan(role, permission));
}

/** Admin header (docs/product.md#shell-and-navigation). "IDs" is also the admin landing page. */
export const ADMIN_LINKS: AdminNavItem[] = [
  { name: 'toWebsite', to: NAMED_ROUTES.home, isActive: () => false },
  // Where staff land after signing in (issue 16 item 4).
  { name: 'dashboard', to: ROUTES.adminDashboard, isActive: exact(ROUTES.adminDashboard) },
  { name: 'users', to: ROUTES.adminUsers, isActive: section(ROUTES.adminUsers) },
  {
    name: 'ids',
    to: ROUTES.adminIds,
    isActive: (p) => isPathActive(p, ROUTES.admin) || section(ROUTES.adminIds)(p),
  },
  // Payment types need managing too (issue 3).
  { name: 'payments', to: ROUTES.adminPaymentTypes, isActive: section(ROUTES.adminPaymentTypes) },
  // Bank statements matched to the top-ups (issue 54): whoever reads the queues.
  { name: 'statements', to: ROUTES.adminStatements, isActive: section(ROUTES.adminStatements) },
  // Staff accounts and roles (issue 15).
  { name: 'staff', to: ROUTES.adminStaff, isActive: section(ROUTES.adminStaff) },
  // Every staff action, read-only (issue 16 item 6).
  { name: 'audit', to: ROUTES.adminAudit, isActive: section(ROUTES.adminAudit) },
];

/**
 * The four queues (once a "Confirm" menu), each named for what it holds and always in
 * view with its count, never folded into a menu (issue 56): top-ups, wallet payouts, the
 * customers' "Request an ID", and the deposits, withdrawals, closes and password changes on
 * their IDs.
 */
export const QUEUE_LINKS: AdminNavItem[] = [
  {
    name: 'bills',
    to: ROUTES.adminBillsPending,
    isActive: (p) => /^\/admin\/bills(_pending|_done|\/)/.test(p),
  },
  {
    name: 'withdraw',
    to: ROUTES.adminWithdrawPending,
    isActive: (p) => /^\/admin\/withdraw(_pending|_done|\/)/.test(p),
  },
  { name: 'newId', to: ROUTES.adminNewIds, isActive: section(ROUTES.adminNewIds) },
  {
    name: 'idRequests',
    to: ROUTES.adminRequestsPending,
    isActive: (p) => /^\/admin\/requests(_pending|_done|\/)/.test(p),
  },
];

/**
 * Site content (issue 6): a "Site" menu, the scrolling announcement (once "Top Block")
 * first.
 */
export const SITE_CONTENT_LINKS: AdminNavItem[] = [
  { name: 'topBlock', to: ROUTES.adminTopBlock, isActive: exact(ROUTES.adminTopBlock) },
  { name: 'settings', to: ROUTES.adminSettings, isActive: section(ROUTES.adminSettings) },
  { name: 'media', to: ROUTES.adminMedia, isActive: section(ROUTES.adminMedia) },
  { name: 'reviews', to: ROUTES.adminReviews, isActive: section(ROUTES.adminReviews) },
];

/** The admin menus as a staff role sees them: only what it may use (issue 15). */
export function adminMenusFor(role: StaffRole | null | undefined) {
  const allowed = (items: AdminNavItem[]) => items.filter((item) => itemAllowed(role, item));
  return {
    main: allowed(ADMIN_LINKS),
    queues: allowed(QUEUE_LINKS),
    site: allowed(SITE_CONTENT_LINKS),
  };
}

/**
 * The role's first admin page (the dashboard, for every role that may read it): where /admin
 * sends a role without the IDs page (/admin stays the IDs list for the others: docs/product.md#staff-pages).
 */
export function adminLandingFor(role: StaffRole | null | undefined): string {
  const { main, queues } = adminMenusFor(role);
  return [...main, ...queues].find((item) => item.to.startsWith(ROUTES.admin))?.to ?? ROUTES.home;
}

/** Where a role without `permission` goes instead of the page that needs it; null: it may stay. */
export function landingRedirect(role: StaffRole | null | undefined, permission: StaffPermission): string | null {
  return roleCan(role, permission) ? null : adminLandingFor(role);
}
