import type { MediaItem } from '@iddesk/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { mediaText } from '../i18n';

type LightboxProps = {
  images: MediaItem[];
  /** Index into `images` of the one shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
};

const navButton =
  'flex size-12 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white';

/** A full-screen image viewer (Radix dialog: focus trap, Escape closes) with ← → paging. */
export function Lightbox({ images, index, onIndexChange }: LightboxProps) {
  const t = mediaText.useT();
  const item = index === null ? undefined : images[index];
  const many = images.length > 1;
  const step = (delta: number) => {
    if (index === null) return;
    onIndexChange((index + delta + images.length) % images.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowRight') step(1);
    if (event.key === 'ArrowLeft') step(-1);
  };

  return (
    <Dialog.Root open={item !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/90" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          className="dialog-panel fixed inset-0 z-50 flex flex-col p-3 focus:outline-none sm:p-6"
        >
          <div className="flex items-center justify-between gap-4 text-white">
            <Dialog.Title className="min-w-0 truncate text-lg font-semibold">
              {item?.title}
            </Dialog.Title>
            <Dialog.Close className={navButton} aria-label={t('lightbox.close')}>
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {many
              ? t('lightbox.position', { n: (index ?? 0) + 1, total: images.length })
              : t('lightbox.single')}
          </Dialog.Description>
          <div className="relative flex min-h-0 flex-1 items-center justify-center py-3">
            {item?.image_url ? (
              <img
                src={item.image_url}
                alt={item.title}
                width={item.width ?? undefined}
                height={item.height ?? undefined}
                className="max-h-full max-w-full rounded-lg object-contain shadow-sheet"
              />
            ) : null}
            {many ? (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label={t('lightbox.previous')}
                  className={`${navButton} absolute left-0 top-1/2 -translate-y-1/2`}
                >
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label={t('lightbox.next')}
                  className={`${navButton} absolute right-0 top-1/2 -translate-y-1/2`}
                >
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
          {many ? (
            <p className="text-center text-sm text-slate-300" aria-hidden="true">
              {(index ?? 0) + 1} / {images.length}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
