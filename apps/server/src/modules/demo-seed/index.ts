import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { removeFile } from '../uploads';
import { SETTING } from '../settings';
import { getSetting, putSetting } from '../settings';
import { catalogueArea } from './catalogue';
import { databaseHasData } from './emptiness';
import { mediaArea } from './media';
import { paymentTypesArea } from './payment-types';
import { reviewsArea } from './reviews';
import { settingsArea } from './settings';
import type { AnySeedArea, Prepared, SeedDeps } from './types';

export { DEMO_ACCOUNT_DOMAIN } from './reviews';
export { DEMO_PAYEE } from './payment-types';

/** In order: reviews create the demo customers. */
const AREAS: AnySeedArea[] = [settingsArea, paymentTypesArea, mediaArea, reviewsArea, catalogueArea];

/** Serialises two servers starting together on one PostgreSQL. Any fixed number. */
const SEED_LOCK_ID = 7_260_406;

export type SeedResult = 'seeded' | 'already-seeded' | 'has-data';

class Abandoned extends Error {
  constructor(readonly reason: SeedResult) {
    super(reason);
  }
}

async function whyNot(tx: Parameters<typeof databaseHasData>[0]): Promise<SeedResult | null> {
  if ((await getSetting(tx, SETTING.demoSeeded)) !== null) return 'already-seeded';
  if (await databaseHasData(tx)) return 'has-data';
  return null;
}

/**
 * Fill an empty installation with demo content, once. "Empty" means no customer accounts
 * and no rows in any content table (emptiness.ts); the bootstrap admin does not count. A
 * settings flag marks the run, so later starts never seed again, and a database with data is
 * never touched (not even by the flag). Images and password hashes are made before the one
 * transaction that writes everything; if the check fails inside it, the files are removed.
 */
export async function seedDemoData(deps: SeedDeps): Promise<SeedResult> {
  const early = await whyNot(deps.db);
  if (early) return early;

  const prepared: Prepared<unknown>[] = [];
  try {
    for (const area of AREAS) prepared.push(await area.prepare(deps));
    await deps.db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const reason = await whyNot(tx);
      if (reason) throw new Abandoned(reason);
      for (const [index, area] of AREAS.entries()) await area.write(tx, prepared[index]!.data);
      await putSetting(tx, SETTING.demoSeeded, new Date().toISOString());
    });
  } catch (error) {
    for (const file of prepared.flatMap((p) => p.files)) {
      await removeFile(deps.storage, deps.log, file.visibility, file.key);
    }
    if (error instanceof Abandoned) return error.reason;
    throw error;
  }
  deps.log.info(
    { areas: AREAS.map((a) => a.name) },
    'demo data written (SEED_DEMO=false turns this off)',
  );
  return 'seeded';
}
