import type { MediaItem } from '@iddesk/contract';
import type { MediaItemRow } from '../../db/schema';
import { fileUrl } from '../uploads';
import type { MediaWithImage } from './repository';

export function toMediaJson(row: MediaWithImage): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    order: row.sortOrder,
    image_url: row.imageKey ? fileUrl('public', row.imageKey) : null,
    width: row.width,
    height: row.height,
    video_url: row.videoUrl,
    video_provider: row.videoProvider,
    embed_url: row.embedUrl,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an item. */
export function auditViewOf(row: MediaItemRow) {
  return {
    kind: row.kind,
    title: row.title,
    order: row.sortOrder,
    image_key: row.imageKey,
    video_url: row.videoUrl,
  };
}
