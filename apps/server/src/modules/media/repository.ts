import { asc, desc, eq, sql } from 'drizzle-orm';
import { mediaItems, type MediaItemRow, uploads } from '../../db/schema';
import type { Db } from '../../db/types';

export type MediaWithImage = MediaItemRow & { width: number | null; height: number | null };

export type NewMedia = Pick<
  MediaItemRow,
  'kind' | 'title' | 'sortOrder' | 'imageKey' | 'videoUrl' | 'videoProvider' | 'embedUrl'
>;

const columns = {
  id: mediaItems.id,
  kind: mediaItems.kind,
  title: mediaItems.title,
  sortOrder: mediaItems.sortOrder,
  imageKey: mediaItems.imageKey,
  videoUrl: mediaItems.videoUrl,
  videoProvider: mediaItems.videoProvider,
  embedUrl: mediaItems.embedUrl,
  createdAt: mediaItems.createdAt,
  updatedAt: mediaItems.updatedAt,
  width: uploads.width,
  height: uploads.height,
};

/** The gallery in display order: `sort_order` ascending, then the newest first. */
export async function listMedia(db: Db): Promise<MediaWithImage[]> {
  return db
    .select(columns)
    .from(mediaItems)
    .leftJoin(uploads, eq(uploads.key, mediaItems.imageKey))
    .orderBy(asc(mediaItems.sortOrder), desc(mediaItems.id));
}

export async function findMedia(db: Db, id: number): Promise<MediaWithImage | null> {
  const rows = await db
    .select(columns)
    .from(mediaItems)
    .leftJoin(uploads, eq(uploads.key, mediaItems.imageKey))
    .where(eq(mediaItems.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockMedia(db: Db, id: number): Promise<MediaItemRow | null> {
  const rows = await db.select().from(mediaItems).where(eq(mediaItems.id, id)).for('update');
  return rows[0] ?? null;
}

export async function insertMedia(db: Db, values: NewMedia): Promise<number> {
  const rows = await db.insert(mediaItems).values(values).returning({ id: mediaItems.id });
  return rows[0]!.id;
}

export async function updateMedia(
  db: Db,
  id: number,
  values: { title: string; sortOrder: number },
): Promise<void> {
  await db
    .update(mediaItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(mediaItems.id, id));
}

export async function deleteMedia(db: Db, id: number): Promise<void> {
  await db.delete(mediaItems).where(eq(mediaItems.id, id));
}
