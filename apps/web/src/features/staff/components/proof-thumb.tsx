import { ImageOff } from 'lucide-react';
import { BlobImage } from '../../../components/ui/blob-image';
import { usePrivateFile } from '../../../lib/use-private-file';
import { staffText } from '../i18n';

/** A pending row's payment screenshot, small: a first look before opening the item. */
export function ProofThumb({ url, alt }: { url: string | null | undefined; alt: string }) {
  const t = staffText.useT();
  const { data: blob, isError } = usePrivateFile(url);
  const frame =
    'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200';
  if (!url) return null;
  if (isError) {
    return (
      <span className={frame} title={t('thumb.failed')}>
        <ImageOff className="size-4 text-slate-500" aria-hidden="true" />
        <span className="sr-only">{t('thumb.notLoaded')}</span>
      </span>
    );
  }
  if (!blob) return <span className={`${frame} animate-pulse`} aria-hidden="true" />;
  return (
    <span className={frame}>
      <BlobImage blob={blob} alt={alt} className="size-full object-cover" />
    </span>
  );
}
