import type { Db } from './types';

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

type PgPoolLike = {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
};

/**
 * The `pg` pool behind `db` (Drizzle keeps its client as `$client`): open and idle
 * connections and callers waiting for one. Null on PGlite, which is one in-process connection.
 */
export function poolUse(db: Db): PoolUse | null {
  const client = (db as unknown as { $client?: Partial<PgPoolLike> }).$client;
  if (
    typeof client?.totalCount !== 'number' ||
    typeof client.idleCount !== 'number' ||
    typeof client.waitingCount !== 'number'
  ) {
    return null;
  }
  return {
    total: client.totalCount,
    idle: client.idleCount,
    waiting: client.waitingCount,
    max: client.options?.max ?? 10,
  };
}
