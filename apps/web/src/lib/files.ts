import { IMAGE_UPLOAD, imageProblemMessage, imageTooLargeMessage, translate } from '@iddesk/contract';
import { z } from 'zod';

const KB = 1024;
const MB = 1024 * KB;

/** "512 KB", "4.8 MB": a file size for people (display only). */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(Math.floor((bytes / MB) * 10) / 10).toFixed(1)} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

/**
 * The client-side half of the upload rules (the server checks the content again): a non-empty
 * JPEG, PNG or WebP of at most 5 MB. Returns the message to show, or null when the file is fine.
 * Browsers that do not know a file's type report "", which the server then judges.
 */
export function imageFileError(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size === 0) return translate('validation.image.empty');
  if (file.type && !(IMAGE_UPLOAD.mimeTypes as readonly string[]).includes(file.type)) {
    return imageProblemMessage('wrongType');
  }
  if (file.size > IMAGE_UPLOAD.maxBytes) return imageTooLargeMessage(formatFileSize(file.size));
  return null;
}

/**
 * A form's image field holding a File (or null). Required fields report `requiredMessage` (a
 * function is asked when the file is missing, so it speaks the page's language then); optional
 * ones pass null through.
 */
export function imageFieldSchema(requiredMessage?: string | (() => string)) {
  return z
    .custom<File | null>((v) => v === null || v === undefined || v instanceof Blob, {
      error: () => translate('validation.image.choose'),
    })
    .superRefine((file, ctx) => {
      if (!file) {
        if (requiredMessage) {
          const message = typeof requiredMessage === 'function' ? requiredMessage() : requiredMessage;
          ctx.addIssue({ code: 'custom', message });
        }
        return;
      }
      const message = imageFileError(file);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((file) => file ?? null);
}
