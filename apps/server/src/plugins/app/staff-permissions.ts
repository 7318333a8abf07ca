import type { StaffPermission } from '@iddesk/contract';

/**
 * Which permission each admin call needs (issue 15): the one place that says it. The role →
 * permission table is the contract's ROLE_PERMISSIONS, which the web reads too. The auth
 * plugin reads this when a route behind `requireAdmin` is registered, and refuses to start
 * when one has no row here, so a new admin call cannot be open to every role by accident.
 *
 * Keys are "METHOD path" as the OpenAPI document writes them (`{id}` for a path parameter).
 */
export const ADMIN_CALL_PERMISSIONS: Record<string, StaffPermission> = {
  // Staff accounts.
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff/create': 'staff.manage',
  'POST /api/admin/staff/{id}/edit': 'staff.manage',
  'POST /api/admin/staff/{id}/disable': 'staff.manage',
  'POST /api/admin/staff/{id}/enable': 'staff.manage',
  'POST /api/admin/staff/{id}/reset_second_factor': 'staff.manage',
  // Content and settings.
  'POST /api/admin/marque': 'content.manage',
  'POST /api/admin/settings': 'content.manage',
  'GET /api/admin/reviews': 'content.manage',
  'POST /api/admin/reviews/{id}/hide': 'content.manage',
  'POST /api/admin/reviews/{id}/unhide': 'content.manage',
  'POST /api/admin/media/create': 'content.manage',
  'POST /api/admin/media/{id}/edit': 'content.manage',
  'POST /api/admin/media/{id}/delete': 'content.manage',
  'GET /api/admin/ids': 'content.manage',
  'GET /api/admin/ids/{id}': 'content.manage',
  'POST /api/admin/ids/create': 'content.manage',
  'POST /api/admin/ids/{id}/edit': 'content.manage',
  'POST /api/admin/ids/{id}/delete': 'content.manage',
  // Payment types.
  'GET /api/admin/payment_types': 'payment_types.manage',
  'POST /api/admin/payment_types/create': 'payment_types.manage',
  'POST /api/admin/payment_types/{id}/edit': 'payment_types.manage',
  'POST /api/admin/payment_types/{id}/deactivate': 'payment_types.manage',
  'POST /api/admin/payment_types/{id}/activate': 'payment_types.manage',
  // Manual balance changes.
  'POST /api/admin/deposit/create': 'balance.adjust',
  'POST /api/admin/withdraw/create': 'balance.adjust',
  // The queues: bills, withdrawals, new IDs, ID requests.
  'GET /api/admin/bills': 'queues.read',
  'GET /api/admin/bills/{id}': 'queues.read',
  'POST /api/admin/bills/{id}/approve': 'queues.decide',
  'POST /api/admin/bills/{id}/reject': 'queues.decide',
  'GET /api/admin/withdraw': 'queues.read',
  'GET /api/admin/withdraw/{id}': 'queues.read',
  'POST /api/admin/withdraw/{id}/approve': 'queues.decide',
  'POST /api/admin/withdraw/{id}/reject': 'queues.decide',
  'GET /api/admin/user_ids': 'queues.read',
  'GET /api/admin/user_ids/{id}': 'queues.read',
  'POST /api/admin/user_ids/{id}/approve': 'queues.decide',
  'POST /api/admin/user_ids/{id}/reject': 'queues.decide',
  'GET /api/admin/requests': 'queues.read',
  'GET /api/admin/requests/{id}': 'queues.read',
  'POST /api/admin/requests/{id}/handle': 'queues.decide',
  // Claims (issue 55 item 2): who may decide may claim; releasing another's is checked inside
  // (`queues.override`, owners), since one's own release is the same call.
  'POST /api/admin/bills/{id}/claim': 'queues.decide',
  'POST /api/admin/bills/{id}/release': 'queues.decide',
  'POST /api/admin/withdraw/{id}/claim': 'queues.decide',
  'POST /api/admin/withdraw/{id}/release': 'queues.decide',
  'POST /api/admin/user_ids/{id}/claim': 'queues.decide',
  'POST /api/admin/user_ids/{id}/release': 'queues.decide',
  'POST /api/admin/requests/{id}/claim': 'queues.decide',
  'POST /api/admin/requests/{id}/release': 'queues.decide',
  // Users.
  'POST /api/admin/users': 'users.read',
  'GET /api/admin/users/{id}': 'users.read',
  'GET /api/admin/users/{id}/transactions': 'users.read',
  'GET /api/admin/users/{id}/block': 'users.block',
  'GET /api/admin/users/{id}/unblock': 'users.block',
  'GET /api/admin/stats': 'stats.read',
  // The staff desk (issue 16): a batch decides like one item; exports read like their lists.
  'POST /api/admin/bills/batch': 'queues.decide',
  'POST /api/admin/withdraw/batch': 'queues.decide',
  'GET /api/admin/bills/export.csv': 'queues.read',
  'GET /api/admin/withdraw/export.csv': 'queues.read',
  'GET /api/admin/requests/export.csv': 'queues.read',
  'GET /api/admin/user_ids/export.csv': 'queues.read',
  'GET /api/admin/users/{id}/transactions/export.csv': 'users.read',
  'GET /api/admin/dashboard': 'stats.read',
  'GET /api/admin/audit': 'stats.read',
  'GET /api/admin/audit/{type}/{id}': 'stats.read',
  // Bank statements (issue 54): importing is its own permission; the reconciliation reads like
  // the queues; the rules are the owners' settings; crediting unclaimed money is a manual credit.
  'POST /api/admin/statements': 'statements.import',
  'GET /api/admin/statements/accounts': 'statements.import',
  'GET /api/admin/statements': 'queues.read',
  'GET /api/admin/statements/{id}': 'queues.read',
  'GET /api/admin/statements/{id}/lines': 'queues.read',
  'GET /api/admin/statements/{id}/no_money': 'queues.read',
  'GET /api/admin/bills/{id}/statement': 'queues.read',
  'GET /api/admin/statements/rules': 'queues.read',
  'POST /api/admin/statements/rules': 'content.manage',
  'POST /api/admin/statements/lines/{id}/credit': 'balance.adjust',
};

/** `/api/admin/bills/:id` → `/api/admin/bills/{id}`, the document's spelling. */
export function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
