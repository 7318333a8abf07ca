import { ID_LOGO_FIELD, type CatalogueItemBodySchema } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CatalogueItemRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit';
import { writeAudit } from '../audit';
import { deleteUpload } from '../uploads';
import { recordUpload, removeFile, storeImage, withStoredImage } from '../uploads';
import {
  type CatalogueItemValues,
  countUserIdsOfItem,
  deleteItem,
  findItem,
  findItemForUpdate,
  insertItem,
  updateItem,
} from './repository';
import { auditViewOf } from './serialize';

type Input = z.output<typeof CatalogueItemBodySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

/**
 * In English for customer-ids, which says it while ordering (issue 18 phase 2b moves it to
 * `t('api.catalogue.unavailable')` with that module); this module says it in the call's language.
 */
export const ITEM_UNAVAILABLE = 'This ID is not available any more.';

function valuesOf(input: Input): Omit<CatalogueItemValues, 'logoKey' | 'isActive'> {
  return {
    name: input.name,
    website: input.website,
    description: input.description ?? '',
    minDeposit: input.min_deposit,
    demoLogin: input.demo_login ?? null,
    demoPassword: input.demo_password ?? null,
  };
}

/** A catalogue item customers may order: unknown and inactive ones are both a 404. */
export async function getOrderableItem(db: Db, id: number): Promise<CatalogueItemRow> {
  const item = await findItem(db, id);
  if (!item) throw new NotFoundError();
  if (!item.isActive) throw new NotFoundError(t('api.catalogue.unavailable'));
  return item;
}

/** The logo is checked and re-encoded before the transaction; it is a public image. */
export async function createItem({ db, storage, log }: Deps, actor: Actor, input: Input, logo: Buffer) {
  const image = await storeImage(storage, logo, 'public', ID_LOGO_FIELD);
  return withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      await recordUpload(tx, image, null);
      const row = await insertItem(tx, { ...valuesOf(input), logoKey: image.key, isActive: input.is_active ?? true });
      await writeAudit(tx, {
        actorId: actor.userId,
        action: 'catalogue_item.create',
        objectType: 'catalogue_item',
        objectId: row.id,
        after: auditViewOf(row),
        ip: actor.ip,
      });
      return row;
    }),
  );
}

/** Edit; a new logo replaces the old one (its file is removed after the commit). */
export async function editItem(
  { db, storage, log }: Deps,
  actor: Actor,
  id: number,
  input: Input,
  logo: Buffer | undefined,
): Promise<CatalogueItemRow> {
  if (!(await findItem(db, id))) throw new NotFoundError();
  const image = logo ? await storeImage(storage, logo, 'public', ID_LOGO_FIELD) : null;
  const { row, droppedKey } = await withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      const before = await findItemForUpdate(tx, id);
      if (!before) throw new NotFoundError();
      if (image) await recordUpload(tx, image, null);
      const row = await updateItem(tx, id, {
        ...valuesOf(input),
        logoKey: image?.key ?? before.logoKey,
        isActive: input.is_active ?? before.isActive,
      });
      const droppedKey = image ? before.logoKey : null;
      if (droppedKey) await deleteUpload(tx, droppedKey);
      await writeAudit(tx, {
        actorId: actor.userId,
        action: 'catalogue_item.update',
        objectType: 'catalogue_item',
        objectId: id,
        before: auditViewOf(before),
        after: auditViewOf(row),
        ip: actor.ip,
      });
      return { row, droppedKey };
    }),
  );
  if (droppedKey) await removeFile(storage, log, 'public', droppedKey);
  return row;
}

/**
 * Delete an item nobody has an ID on; an item with user IDs is only deactivated, so their
 * IDs, requests and history keep their item.
 */
export async function deleteOrDeactivateItem(
  { db, storage, log }: Deps,
  actor: Actor,
  id: number,
): Promise<{ deleted: boolean }> {
  const result = await db.transaction(async (tx) => {
    const before = await findItemForUpdate(tx, id);
    if (!before) throw new NotFoundError();
    const inUse = (await countUserIdsOfItem(tx, id)) > 0;
    if (inUse) await updateItem(tx, id, { isActive: false });
    else {
      await deleteItem(tx, id);
      await deleteUpload(tx, before.logoKey);
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: inUse ? 'catalogue_item.deactivate' : 'catalogue_item.delete',
      objectType: 'catalogue_item',
      objectId: id,
      before: auditViewOf(before),
      after: inUse ? { is_active: false } : null,
      ip: actor.ip,
    });
    return { deleted: !inUse, logoKey: before.logoKey };
  });
  if (result.deleted) await removeFile(storage, log, 'public', result.logoKey);
  return { deleted: result.deleted };
}
