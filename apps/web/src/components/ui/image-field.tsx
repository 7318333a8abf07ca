import { IMAGE_UPLOAD } from '@iddesk/contract';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { formatFileSize } from '../../lib/files';
import { FieldFrame, useFieldIds } from './field-frame';
import { BlobImage } from './blob-image';

type ImageFieldProps = {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  hint?: ReactNode;
  /** Shown when no file is chosen, e.g. the current QR image on an edit form. */
  current?: ReactNode;
  /** Names the remove button: "Remove screenshot". */
  what?: string;
  disabled?: boolean;
};

/**
 * An image picker with a preview of the chosen file. The chosen File is kept by the caller's
 * form, so a failed submit never loses it; the input is cleared when the caller resets it.
 */
export function ImageField({
  label,
  file,
  onChange,
  error,
  hint,
  current,
  what = 'image',
  disabled,
}: ImageFieldProps) {
  const t = common.useT();
  const ids = useFieldIds(undefined, hint, error);
  const inputRef = useRef<HTMLInputElement>(null);
  // A file the browser cannot show (not really an image) gets the placeholder, not a broken icon.
  const [unreadable, setUnreadable] = useState<File | null>(null);

  // A form reset (file back to null) also empties the native input.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <div
        className={cn(
          'relative flex flex-col gap-3 rounded-xl border border-dashed bg-slate-50 p-3 sm:flex-row sm:items-center',
          error ? 'border-red-600' : 'border-slate-300',
        )}
      >
        {file && unreadable !== file ? (
          <BlobImage
            blob={file}
            onError={() => setUnreadable(file)}
            alt={t('image.preview', { name: file.name })}
            className="h-40 w-full rounded-lg bg-white object-contain ring-1 ring-slate-200 sm:h-24 sm:w-24"
          />
        ) : current && !file ? (
          <div className="sm:w-24">{current}</div>
        ) : (
          <span className="hidden size-24 shrink-0 items-center justify-center rounded-lg bg-white text-slate-400 ring-1 ring-slate-200 sm:flex">
            <ImagePlus className="size-8" aria-hidden="true" />
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {file ? (
            <p className="truncate text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{file.name}</span> ·{' '}
              {formatFileSize(file.size)}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={ids.inputId}
              type="file"
              accept={IMAGE_UPLOAD.accept}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={ids.describedBy}
              onChange={(event) => onChange(event.target.files?.[0] ?? null)}
              className={cn(
                'block w-full min-w-0 text-sm text-slate-700 sm:w-auto',
                'file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-800',
              )}
            />
            {file ? (
              <button
                type="button"
                onClick={() => onChange(null)}
                disabled={disabled}
                aria-label={t('image.removeLabel', { what })}
                className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-200"
              >
                <X className="size-4" aria-hidden="true" />
                {t('image.remove')}
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </FieldFrame>
  );
}
