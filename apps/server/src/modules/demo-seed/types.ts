import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/types';
import type { Storage } from '../../lib/storage';
import type { StoredImage } from '../uploads';

export type SeedDeps = { db: Db; storage: Storage; log: FastifyBaseLogger };

/** What `prepare` hands to `write`, plus the files to remove if the seed is abandoned. */
export type Prepared<P> = { data: P; files: StoredImage[] };

/**
 * One area of demo data. `prepare` does the slow work (images, password hashes) outside any
 * transaction; `write` inserts rows inside the seed's single transaction.
 */
export type SeedArea<P> = {
  name: string;
  prepare(deps: SeedDeps): Promise<Prepared<P>>;
  write(tx: Tx, data: P): Promise<void>;
};

/** Areas of different payload types in one list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each area checks its own payload
export type AnySeedArea = SeedArea<any>;
