import type { MediaItem } from '@iddesk/contract';
import { Expand } from 'lucide-react';
import { mediaText } from '../i18n';

/** An embedded player: YouTube/Vimeo in a titled iframe, a direct file in `<video>`. */
export function VideoPlayer({ item }: { item: MediaItem }) {
  if (!item.embed_url) return null;
  if (item.video_provider === 'file') {
    return (
      <video
        controls
        preload="metadata"
        src={item.embed_url}
        aria-label={item.title}
        className="aspect-video w-full bg-slate-950"
      />
    );
  }
  return (
    <iframe
      src={item.embed_url}
      title={item.title}
      loading="lazy"
      allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="aspect-video w-full bg-slate-950"
    />
  );
}

/** One gallery tile: an image that opens the lightbox, or a video that plays in place. */
export function MediaTile({ item, onOpen }: { item: MediaItem; onOpen: () => void }) {
  const t = mediaText.useT();
  return (
    <figure className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-card">
      {item.kind === 'image' && item.image_url ? (
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('tile.view', { title: item.title })}
          aria-haspopup="dialog"
          className="group relative block overflow-hidden focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
        >
          <img
            src={item.image_url}
            alt=""
            loading="lazy"
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            className="aspect-video w-full bg-slate-100 object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
          <span className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-full bg-slate-950/60 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <Expand className="size-4" aria-hidden="true" />
          </span>
        </button>
      ) : (
        <VideoPlayer item={item} />
      )}
      <figcaption className="px-4 py-3 font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {item.title}
      </figcaption>
    </figure>
  );
}
