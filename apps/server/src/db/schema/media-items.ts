import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploads } from './uploads';

export const mediaKind = pgEnum('media_kind', ['image', 'video']);
export const videoProvider = pgEnum('video_provider', ['youtube', 'vimeo', 'file']);

/**
 * The public gallery: an uploaded image (a public upload) or a video link. The embed URL is
 * derived from the link when it is saved, so reading the gallery is one plain query.
 */
export const mediaItems = pgTable(
  'media_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: mediaKind('kind').notNull(),
    title: text('title').notNull(),
    /** Ascending; ties show the newest first. */
    sortOrder: integer('sort_order').notNull().default(0),
    imageKey: text('image_key').references(() => uploads.key, { onDelete: 'restrict' }),
    videoUrl: text('video_url'),
    videoProvider: videoProvider('video_provider'),
    embedUrl: text('embed_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'media_items_source',
      sql`(${t.kind} = 'image' and ${t.imageKey} is not null and ${t.videoUrl} is null)
        or (${t.kind} = 'video' and ${t.imageKey} is null and ${t.videoUrl} is not null
            and ${t.videoProvider} is not null and ${t.embedUrl} is not null)`,
    ),
    index('media_items_order_idx').on(t.sortOrder, t.id.desc()),
  ],
);

export type MediaItemRow = typeof mediaItems.$inferSelect;
