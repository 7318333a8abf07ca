/**
 * API paths of the IDs issue, relative to `/api` like `API` in routes.ts. Functions take an
 * id; the server passes `':id'` to get its route pattern from the same function.
 */
type Id = number | string;

export const IDS_API = {
  /** Active catalogue items; demo credentials only with a valid token. */
  ids: '/ids',
  id: (id: Id) => `/ids/${id}`,
  idCreate: (id: Id) => `/ids/${id}/create`,

  /** The caller's own user IDs (another user's answers 404). */
  userIds: '/user_ids',
  userId: (id: Id) => `/user_ids/${id}`,
  userIdDeposit: (id: Id) => `/user_ids/${id}/deposit`,
  userIdWithdraw: (id: Id) => `/user_ids/${id}/withdraw`,
  userIdClose: (id: Id) => `/user_ids/${id}/close`,
  userIdChangePassword: (id: Id) => `/user_ids/${id}/change_password`,
  userIdRequests: (id: Id) => `/user_ids/${id}/requests`,
  requests: '/requests',
  /** The caller cancels their own pending new ID or ID request (issue 17); a hold returns at once. */
  userIdCancel: (id: Id) => `/user_ids/${id}/cancel`,
  requestCancel: (id: Id) => `/requests/${id}/cancel`,

  adminIds: '/admin/ids',
  adminId: (id: Id) => `/admin/ids/${id}`,
  adminIdCreate: '/admin/ids/create',
  adminIdEdit: (id: Id) => `/admin/ids/${id}/edit`,
  adminIdDelete: (id: Id) => `/admin/ids/${id}/delete`,

  /** `?page&perPage&pending=1|0`: the new-ID queue (pending) and handled ones. */
  adminUserIds: '/admin/user_ids',
  adminUserId: (id: Id) => `/admin/user_ids/${id}`,
  adminUserIdApprove: (id: Id) => `/admin/user_ids/${id}/approve`,
  adminUserIdReject: (id: Id) => `/admin/user_ids/${id}/reject`,

  /** `?page&perPage&pending=1|0`: deposit, withdraw, close and change_password requests. */
  adminRequests: '/admin/requests',
  adminRequest: (id: Id) => `/admin/requests/${id}`,
  adminRequestHandle: (id: Id) => `/admin/requests/${id}/handle`,
} as const;
