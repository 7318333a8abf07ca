/**
 * What the staff pages of several domains share: the admin page frame, the queue item's user,
 * a handled item's outcome, the reject panel, a payment proof, the admin query keys and the
 * refresh after an admin action; and the desk's list tools (issue 16): the URL-held filter bar,
 * waiting ages, who handled an item, reused-proof flags, thumbnails, CSV export, batch
 * decisions, an item's keys and history. Only staff code (a domain's admin/ folder) imports
 * it, and only through this file (eslint `import-x/no-restricted-paths`).
 */
export { useAdminMutation, useInvalidateAfterAdminAction } from './api/invalidate';
export { adminKeys } from './api/keys';
export type { Decision, DecisionSubmit, QueueParams } from './api/queue-params';
export { AdminFrame, type AdminTab, queueTabs } from './components/admin-frame';
export { CollectionPage } from './components/collection-page';
export { AuditChange } from './components/audit-change';
export { BatchBar } from './components/batch-bar';
export { ExportButton } from './components/export-button';
export { FilterBar } from './components/filter-bar';
export { FilterPanel } from './components/filter-panel';
export { daysForInput, daysFromInput } from './lib/day-filters';
export { HandledBy } from './components/handled-by';
export { HistoryCard } from './components/history-card';
export { ItemUserCell } from './components/item-user';
export { Outcome } from './components/outcome';
export { PaymentProofCard } from './components/payment-proof-card';
export { PrivateImage } from './components/private-image';
export { ProofThumb } from './components/proof-thumb';
export { ReuseCommentField } from './components/reuse-comment-field';
export { ReusedFlag, ReusedProofPanel } from './components/reused-proof';
export { useNow, Waiting } from './components/waiting';
export { type DeskList, useDeskList, withParams } from './hooks/use-desk-list';
export { listSearch, type QueueNav, type QueueRoutes, useQueueNav } from './hooks/use-queue-nav';
export {
  auditObjectTypes,
  auditActionLabel,
  auditObjectHref,
  auditObjectName,
} from './lib/audit-labels';
export { reuseBody, reuseCommentSchema } from './lib/reuse';
export { waitedSeconds } from './lib/waiting';
export { sumAmounts } from './lib/sum-amounts';
export { QueueDecision, QueueItem } from './components/queue-item';
export { QueueItemPage } from './components/queue-item-page';
export { DeskEmpty, TimeLines, timeColumn } from './components/desk-list-parts';
export { DetailsCard } from './components/details-card';
export { contentStaff, staffCatalogue, staffText } from './i18n';
export {
  QueueListPage,
  type QueueListKey,
  type QueueListView,
  type QueueSelection,
} from './components/queue-list-page';
export { QueueRows } from './components/queue-rows';
