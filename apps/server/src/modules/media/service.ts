import {
  MEDIA_IMAGE_FIELD,
  type MediaCreateBodySchema,
  type MediaEditBodySchema,
  type MediaItem,
  parseVideoUrl,
} from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { NotFoundError, ValidationError } from '../../errors/app-errors';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit';
import { writeAudit } from '../audit';
import { deleteUpload } from '../uploads';
import { recordUpload, removeFile, storeImage, withStoredImage } from '../uploads';
import {
  deleteMedia,
  findMedia,
  insertMedia,
  listMedia,
  lockMedia,
  type NewMedia,
  updateMedia,
} from './repository';
import { auditViewOf, toMediaJson } from './serialize';
import { t } from '../../lib/i18n';

type CreateInput = z.output<typeof MediaCreateBodySchema>;
type EditInput = z.output<typeof MediaEditBodySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

export async function listPublicMedia(db: Db): Promise<MediaItem[]> {
  return (await listMedia(db)).map(toMediaJson);
}

async function itemJson(db: Db, id: number): Promise<MediaItem> {
  const row = await findMedia(db, id);
  if (!row) throw new NotFoundError(t('api.media.notFound'));
  return toMediaJson(row);
}

/** An image (stored as a public upload) or a video link, never both. */
export async function createMedia(
  { db, storage, log }: Deps,
  actor: Actor,
  input: CreateInput,
  imageFile: Buffer | undefined,
): Promise<MediaItem> {
  if (imageFile && input.video_url) throw ValidationError.field('video_url', t('validation.media.both'));
  if (!imageFile && !input.video_url) {
    throw ValidationError.field(MEDIA_IMAGE_FIELD, t('validation.media.source'));
  }
  const video = input.video_url ? parseVideoUrl(input.video_url) : null;
  if (input.video_url && !video) throw ValidationError.field('video_url', t('validation.media.videoUrl'));

  const image = imageFile
    ? await storeImage(storage, imageFile, 'public', MEDIA_IMAGE_FIELD)
    : null;
  const values: NewMedia = {
    kind: image ? 'image' : 'video',
    title: input.title,
    sortOrder: input.order ?? 0,
    imageKey: image?.key ?? null,
    videoUrl: video ? input.video_url! : null,
    videoProvider: video?.provider ?? null,
    embedUrl: video?.embedUrl ?? null,
  };
  const id = await withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      if (image) await recordUpload(tx, image, null);
      const newId = await insertMedia(tx, values);
      await writeAudit(tx, {
        actorId: actor.userId,
        action: 'media.create',
        objectType: 'media',
        objectId: newId,
        after: {
          kind: values.kind,
          title: values.title,
          order: values.sortOrder,
          image_key: values.imageKey,
          video_url: values.videoUrl,
        },
        ip: actor.ip,
      });
      return newId;
    }),
  );
  return itemJson(db, id);
}

export async function editMedia(
  db: Db,
  actor: Actor,
  id: number,
  input: EditInput,
): Promise<MediaItem> {
  await db.transaction(async (tx) => {
    const before = await lockMedia(tx, id);
    if (!before) throw new NotFoundError(t('api.media.notFound'));
    const values = { title: input.title, sortOrder: input.order ?? before.sortOrder };
    await updateMedia(tx, id, values);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'media.update',
      objectType: 'media',
      objectId: id,
      before: { title: before.title, order: before.sortOrder },
      after: { title: values.title, order: values.sortOrder },
      ip: actor.ip,
    });
  });
  return itemJson(db, id);
}

/** Deletes the item and its image; the file goes once the rows are gone for good. */
export async function removeMedia(
  { db, storage, log }: Deps,
  actor: Actor,
  id: number,
): Promise<void> {
  const imageKey = await db.transaction(async (tx) => {
    const before = await lockMedia(tx, id);
    if (!before) throw new NotFoundError(t('api.media.notFound'));
    await deleteMedia(tx, id);
    if (before.imageKey) await deleteUpload(tx, before.imageKey);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'media.delete',
      objectType: 'media',
      objectId: id,
      before: auditViewOf(before),
      ip: actor.ip,
    });
    return before.imageKey;
  });
  if (imageKey) await removeFile(storage, log, 'public', imageKey);
}
