import { IMAGE_UPLOAD, imageProblemMessage, imageTooLargeMessage, translate } from '@iddesk/contract';

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
