// Types of pgbouncer.mjs for the TypeScript that imports it (the scale-out test, the soak).
export const PGBOUNCER_BIN: string;
export function pgbouncerUnavailableReason(): string | null;
export function pgbouncerVersion(): string;
export type Pgbouncer = {
  port: number;
  /** A postgres:// URL through the pooler for `role` to `database`. */
  url(role: string, database: string): string;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Stops it (SIGINT, then SIGKILL after 10 s) and removes its temp dir. */
  stop(): Promise<void>;
};
export function startPgbouncer(options: {
  targetUrl: string;
  roles: string[];
  poolMode?: 'transaction' | 'session';
  settings?: Record<string, string>;
  port?: number;
  /** Its log, appended here as well. */
  logFile?: string;
}): Promise<Pgbouncer>;
