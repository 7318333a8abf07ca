// Types of pgbouncer.mjs for the TypeScript that imports it (tests, the scale-out test).
export const PGBOUNCER_BIN: string;
export function pgbouncerUnavailableReason(): string | null;
export type Pgbouncer = {
  port: number;
  /** The same database URL of the server, through PgBouncer. */
  urlFor(databaseUrl: string): string;
  /** PgBouncer's admin console (SHOW POOLS, SHOW STATS …): simple queries only. */
  adminUrl: string;
  /** Its log so far. */
  log(): string;
  /** Ends it and removes its temp dir; safe to call twice. */
  stop(): Promise<void>;
};
export function startPgbouncer(options: { serverUrl: string; settings?: Record<string, string> }): Promise<Pgbouncer>;
