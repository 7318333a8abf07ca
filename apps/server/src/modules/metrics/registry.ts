import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as PromClient from 'prom-client';
import type { Db } from '../../db/types';
import { changeFeedOf } from '../../db/change-feed';
import { poolUse } from '../../db/pool-use';
import { imageJobsInFlight } from '../../lib/images';
import { sharpCounters } from '../../lib/sharp';
import { pendingQueues } from './repository';

/** Seconds; the poll answers in about a millisecond, an upload in a few hundred. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type AppMetrics = {
  /** The onResponse hook: one histogram observation. */
  observe: (request: FastifyRequest, reply: FastifyReply) => void;
  /** The Prometheus text; runs the scrape-time queries first. */
  render(): Promise<{ contentType: string; body: string }>;
};

/**
 * One registry per app (tests build many apps in one process, so the global registry would
 * collide), loaded only when METRICS_TOKEN is set: prom-client stays out of a server that
 * does not export metrics.
 */
export async function createMetrics(db: Db): Promise<AppMetrics> {
  const client: typeof PromClient = await import('prom-client');
  const registry = new client.Registry();
  const registers = [registry];
  // Process CPU, memory, event-loop delay, GC: the standard names dashboards expect.
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Histogram({
    name: 'iddesk_http_request_duration_seconds',
    help: 'Requests by route pattern, method and status, and how long they took (_count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  new client.Gauge({
    name: 'iddesk_db_pool_connections',
    help: 'PostgreSQL pool: open connections by state (absent on the embedded database)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = poolUse(db);
      if (!use) return;
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'in_use' }, use.total - use.idle);
    },
  });
  new client.Gauge({
    name: 'iddesk_db_pool_max_connections',
    help: 'PostgreSQL pool: the most connections it opens',
    registers,
    collect() {
      const use = poolUse(db);
      if (use) this.set(use.max);
    },
  });
  new client.Gauge({
    name: 'iddesk_db_pool_waiting_requests',
    help: 'PostgreSQL pool: callers waiting for a free connection',
    registers,
    collect() {
      const use = poolUse(db);
      if (use) this.set(use.waiting);
    },
  });

  new client.Gauge({
    name: 'iddesk_change_feed_live',
    help: "1 while the caches' change feed (the LISTEN connection) answers, 0 while it is lost and the caches are bypassed",
    registers,
    collect() {
      this.set(changeFeedOf(db)?.live ? 1 : 0);
    },
  });
  const databaseUp = new client.Gauge({
    name: 'iddesk_database_up',
    help: '1 when the scrape-time queries reached the database, 0 when they failed',
    registers,
  });
  const pendingItems = new client.Gauge({
    name: 'iddesk_pending_items',
    help: 'Items waiting for staff, by admin queue',
    labelNames: ['queue'] as const,
    registers,
  });
  const pendingAmount = new client.Gauge({
    name: 'iddesk_pending_amount_minor_units',
    help: 'Money in the items waiting for staff, by admin queue, in minor units',
    labelNames: ['queue'] as const,
    registers,
  });

  new client.Gauge({
    name: 'iddesk_image_jobs_in_flight',
    help: 'Uploaded images being checked and re-encoded, waiting for sharp included',
    registers,
    collect() {
      this.set(imageJobsInFlight());
    },
  });
  new client.Gauge({
    name: 'iddesk_image_sharp_tasks',
    help: "libvips' queue: tasks waiting for a worker thread (queued) and images being processed",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const counters = sharpCounters();
      this.set({ state: 'queued' }, counters?.queue ?? 0);
      this.set({ state: 'processing' }, counters?.process ?? 0);
    },
  });

  // One labelled child per (method, route, status), so the hook does no label hashing.
  const children = new Map<string, PromClient.Histogram.Internal<'method' | 'route' | 'status'>>();

  return {
    observe(request, reply) {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const key = `${request.method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = requests.labels({ method: request.method, route, status: String(status) });
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    },

    async render() {
      try {
        const rows = await pendingQueues(db);
        for (const row of rows) {
          pendingItems.set({ queue: row.queue }, row.count);
          pendingAmount.set({ queue: row.queue }, row.amount);
        }
        databaseUp.set(1);
      } catch {
        // Stale numbers would look current; drop them and say why.
        pendingItems.reset();
        pendingAmount.reset();
        databaseUp.set(0);
      }
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
