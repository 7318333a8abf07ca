import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_UPLOAD, IMAGE_WRONG_TYPE_MESSAGE } from '@iddesk/contract';
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
  if (file.size === 0) return 'This file is empty. Choose another image.';
  if (file.type && !(IMAGE_UPLOAD.mimeTypes as readonly string[]).includes(file.type)) {
    return IMAGE_WRONG_TYPE_MESSAGE;
  }
  if (file.size > IMAGE_UPLOAD.maxBytes) {
    return `${IMAGE_TOO_LARGE_MESSAGE} This one is ${formatFileSize(file.size)}.`;
  }
  return null;
}

/**
 * A form's image field holding a File (or null). Required fields report `requiredMessage`;
 * optional ones pass null through.
 */
export function imageFieldSchema(requiredMessage?: string) {
  return z
    .custom<File | null>((v) => v === null || v === undefined || v instanceof Blob, {
      message: 'Choose an image file.',
    })
    .superRefine((file, ctx) => {
      if (!file) {
        if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage });
        return;
      }
      const message = imageFileError(file);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((file) => file ?? null);
}
