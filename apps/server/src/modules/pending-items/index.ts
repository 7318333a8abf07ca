export { pendingFilter, type PendingTable, updateIfPending } from './repository';
export { type PendingItems, pendingItems, type PendingKind } from './service';
export { decisionRouteOptions, queueReadRoutes, type QueueReadRoutes, rejectRoute } from './routes';
