/**
 * What the staff pages of several domains share: the admin page frame, the queue item's user,
 * a handled item's outcome, the reject panel, a payment proof, the admin query keys and the
 * refresh after an admin action. Only staff code (a domain's admin/ folder) imports it, and
 * only through this file (eslint `import-x/no-restricted-paths`).
 */
export { useInvalidateAfterAdminAction } from './api/invalidate';
export { adminKeys } from './api/keys';
export type { QueueParams } from './api/queue-params';
export { AdminFrame, type AdminTab } from './components/admin-frame';
export { ItemUserCell } from './components/item-user';
export { Outcome } from './components/outcome';
export { PaymentProofCard } from './components/payment-proof-card';
export { PrivateImage } from './components/private-image';
export { RejectPanel } from './components/reject-panel';
