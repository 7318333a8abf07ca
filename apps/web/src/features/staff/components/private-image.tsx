import * as Dialog from '@radix-ui/react-dialog';
import { ImageOff, Maximize2, X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { usePrivateFile } from '../../../lib/use-private-file';
import { BlobImage } from '../../../components/ui/blob-image';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { common } from '../../../lib/i18n-common';
import { staffText } from '../i18n';

type PrivateImageProps = {
  /** The API's private path (`/api/files/proofs/…`). */
  url: string;
  alt: string;
  className?: string;
  /** Click (or Enter) opens the image at full size. */
  zoomable?: boolean;
};

/** A private image (payment proof), fetched with the session's token and shown from a blob. */
export function PrivateImage({ url, alt, className, zoomable = false }: PrivateImageProps) {
  const t = staffText.useT();
  const close = common.useT()('dialog.close');
  const [open, setOpen] = useState(false);
  const { data: blob, isPending, isError, refetch, isFetching } = usePrivateFile(url);
  const frame = cn(
    'flex items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200',
    className,
  );

  if (isPending) {
    return (
      <div role="status" aria-label={t('image.loading', { alt })} className={cn(frame, 'min-h-48')}>
        <Spinner className="size-6 text-slate-500" />
      </div>
    );
  }
  if (isError || !blob) {
    return (
      <div className={cn(frame, 'min-h-48 flex-col gap-2 p-4 text-center text-sm text-slate-700')}>
        <ImageOff className="size-6 text-slate-500" aria-hidden="true" />
        <p>{t('image.failed')}</p>
        <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
          {t('image.retry')}
        </Button>
      </div>
    );
  }

  const image = <BlobImage blob={blob} alt={alt} className="max-h-[70vh] w-full object-contain" />;
  if (!zoomable) return <div className={frame}>{image}</div>;

  // The image stays an image (not the content of a button), so it keeps its role and name; the
  // button beside it opens the full-size view, and a click on the image does the same.
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <div className={cn(frame, 'relative cursor-zoom-in')} onClick={() => setOpen(true)}>
        {image}
        <Dialog.Trigger
          className="absolute bottom-3 right-3 inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-slate-900/85 px-3 text-sm font-semibold text-white hover:bg-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          aria-label={t('image.open', { alt: `${alt.charAt(0).toLowerCase()}${alt.slice(1)}` })}
          onClick={(event) => event.stopPropagation()}
        >
          <Maximize2 className="size-4" aria-hidden="true" />
          {t('image.fullSize')}
        </Dialog.Trigger>
      </div>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/90" />
        <Dialog.Content className="dialog-panel fixed inset-0 z-50 flex flex-col focus:outline-none">
          <div className="flex items-center justify-between gap-4 px-4 py-3 text-white">
            <Dialog.Title className="truncate font-semibold">{alt}</Dialog.Title>
            <Dialog.Description className="sr-only">{t('image.fullDescription')}</Dialog.Description>
            <Dialog.Close
              className="flex size-11 shrink-0 items-center justify-center rounded-xl hover:bg-white/10"
              aria-label={close}
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-auto p-4 pt-0">
            <BlobImage blob={blob} alt={alt} className="mx-auto max-w-none" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
