export { pendingFilter, type PendingTable, updateIfPending } from './repository';
export {
  ALREADY_CANCELLED,
  CANCELLED_BY_CUSTOMER,
  notPendingError,
  type PendingItems,
  pendingItems,
  type PendingKind,
  type ReuseConfirmation,
  reuseConfirmation,
} from './service';
export { containsPattern, customerMatch, dayEnd, dayStart, deskWhere, type FilterColumns, hasDeskFilter, listOrder, type ListQuery } from './filters';
export { cancelRoute, csvExportRoute, decisionRouteOptions, queueReadRoutes, type QueueReadRoutes, rejectRoute } from './routes';
export { batchRoute, runBatch } from './batch';
