/** Operations endpoints (docs/operations.md "Health, shutdown and monitoring"). */

/** Under /api. `legacy` is the first health check, an alias of `ready`. */
export const HEALTH_API = {
  live: '/health/live',
  ready: '/health/ready',
  legacy: '/health',
} as const;

/** Prometheus text, outside /api; answered only with METRICS_TOKEN as a bearer token. */
export const METRICS_PATH = '/metrics';

/** Every response carries the request id in this header; 5xx bodies in `request_id` too. */
export const REQUEST_ID_HEADER = 'x-request-id';
