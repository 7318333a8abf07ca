export { cancelOwnIfPending, type ClaimTable, decideIfPending, decisionSet, pendingFilter, type PendingTable, updateIfPending } from './repository';
export {
  assertDecidable,
  customerComment,
  notPendingError,
  type PendingItems,
  pendingItems,
  type PendingKind,
  type ReuseConfirmation,
  reuseConfirmation,
} from './service';
export {
  containsPattern,
  customerMatch,
  dayEnd,
  dayStart,
  deskWhere,
  type FilterColumns,
  hasDeskFilter,
  listOrder,
  type ListQuery,
  listSort,
} from './filters';
export { claimJson, claimJoin, claimOf, claimer, handler, type Parties, partyColumns, viewQueries, type ViewClaim, type ViewSpec } from './views';
export {
  customerItemRoutes,
  decisionRouteOptions,
  filingRouteOptions,
  queueReadRoutes,
  type QueueReadRoutes,
  rejectRoute,
  staffRouteOptions,
} from './routes';
export { batchRoute, runBatch } from './batch';
export { type CsvColumn, queueCsvColumns } from './csv-columns';
