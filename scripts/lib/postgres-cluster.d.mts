// Types of postgres-cluster.mjs for the TypeScript that imports it (tests, bench, crash test).
export const PG_BIN_DIR: string;
export const THROWAWAY_SETTINGS: Record<string, string>;
export class ClusterError extends Error {}
export function clusterUnavailableReason(): string | null;
export function freePort(): Promise<number>;
export type Cluster = {
  url: string;
  root: string;
  /** Shuts the server down and removes its temp dir; safe to call twice. */
  stop(): void;
  /** A fast shutdown keeping the data, for outage tests. */
  stopServer(): void;
  /** Starts it again on the same port and data. */
  startServer(): void;
};
export function startCluster(options?: {
  settings?: Record<string, string>;
  port?: number;
}): Promise<Cluster>;
