import { z } from 'zod';
import { requiredText } from './form-fields';
import { msg } from './i18n/translate';
import { parseVideoUrl } from './video-url';

export const MEDIA_TITLE_MAX_LENGTH = 120;
export const MEDIA_ORDER_MIN = -100_000;
export const MEDIA_ORDER_MAX = 100_000;
/** The file field of `POST /admin/media/create`. */
export const MEDIA_IMAGE_FIELD = 'image';

const VIDEO_URL = msg('validation.media.videoUrl');
const ORDER = msg('validation.media.order', {
  min: String(MEDIA_ORDER_MIN),
  max: String(MEDIA_ORDER_MAX),
});

export const MediaKindSchema = z.enum(['image', 'video']);
export type MediaKind = z.infer<typeof MediaKindSchema>;
export const VideoProviderSchema = z.enum(['youtube', 'vimeo', 'file']);

/**
 * A gallery item. Images carry `image_url` and their size; videos carry the link as entered
 * (`video_url`), its provider, and `embed_url`: the iframe src (YouTube, Vimeo) or the file
 * URL for a `<video>` element.
 */
export const MediaItemSchema = z.object({
  id: z.number().int(),
  kind: MediaKindSchema,
  title: z.string(),
  /** Ascending; ties show the newest first. */
  order: z.number().int(),
  image_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  video_url: z.string().nullable(),
  video_provider: VideoProviderSchema.nullable(),
  embed_url: z.string().nullable(),
  created_at: z.string(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;
export const MediaListSchema = z.array(MediaItemSchema);

const MediaTitleSchema = requiredText(
  MEDIA_TITLE_MAX_LENGTH,
  msg('validation.media.title.required'),
  msg('validation.media.title.max', { max: MEDIA_TITLE_MAX_LENGTH }),
);

/** A whole number as JSON sends it or as a form field; "" reads as absent. */
const MediaOrderSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return undefined;
    return /^-?\d{1,7}$/.test(s) ? Number(s) : v;
  },
  z
    .number(ORDER)
    .int(ORDER)
    .min(MEDIA_ORDER_MIN, ORDER)
    .max(MEDIA_ORDER_MAX, ORDER)
    .optional(),
);

export const VideoUrlSchema = z
  .string()
  .trim()
  .max(500, VIDEO_URL)
  .refine((v) => parseVideoUrl(v) !== null, VIDEO_URL);

/**
 * `POST /admin/media/create`, multipart: these text fields plus either the image file field
 * (`image`) or `video_url` — the server checks that exactly one of them is given.
 */
export const MediaCreateBodySchema = z.strictObject({
  title: MediaTitleSchema,
  video_url: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    VideoUrlSchema.optional(),
  ),
  order: MediaOrderSchema,
});
export type MediaCreateBody = z.input<typeof MediaCreateBodySchema>;

/** `POST /admin/media/{id}/edit` (JSON): the title and the position. */
export const MediaEditBodySchema = z.strictObject({
  title: MediaTitleSchema,
  order: MediaOrderSchema,
});
export type MediaEditBody = z.input<typeof MediaEditBodySchema>;
