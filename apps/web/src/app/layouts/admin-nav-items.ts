import { NAMED_ROUTES, roleCan, ROUTES, type StaffRole } from '@iddesk/contract';
import { isPathActive } from '../../lib/nav-rules';
import { exact, type NavItem, section } from './nav-items';

/*
 * The admin area's menus, apart from the storefront's so that a guest's first load does not
 * carry them (issue 19): the admin header and the staff landing redirect load this module.
 */

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
