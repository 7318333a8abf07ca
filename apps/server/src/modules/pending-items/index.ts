export { cancelOwnIfPending, decideIfPending, decisionSet, pendingFilter, type PendingTable, updateIfPending } from './repository';
export {
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
export { handler, type Parties, partyColumns, viewQueries, type ViewSpec } from './views';
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
