import type { MessageKey } from './i18n/keys';
import { translate } from './i18n/translate';

/**
 * Image uploads (payment proofs, payout screenshots, QR codes, later logos and media). The
 * server checks the file's content, not its name or declared type, and re-encodes it.
 */
export const IMAGE_UPLOAD = {
  /** Largest accepted file, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest accepted image, in pixels (width × height), checked before decoding. */
  maxPixels: 40_000_000,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** For `<input type="file" accept>`. */
  accept: 'image/jpeg,image/png,image/webp',
} as const;

const MEGABYTE = 1024 * 1024;

/** Why an upload is refused: each reason's catalogue key (issue 18). */
export const IMAGE_MESSAGE_KEYS = {
  tooLarge: 'validation.image.tooLarge',
  tooManyPixels: 'validation.image.tooManyPixels',
  wrongType: 'validation.image.wrongType',
} as const satisfies Record<string, MessageKey>;
export type ImageProblem = keyof typeof IMAGE_MESSAGE_KEYS;

/** The limit each message names: 5 MB, 40 megapixels. */
const IMAGE_LIMITS: Record<ImageProblem, number | undefined> = {
  tooLarge: IMAGE_UPLOAD.maxBytes / MEGABYTE,
  tooManyPixels: IMAGE_UPLOAD.maxPixels / 1_000_000,
  wrongType: undefined,
};

/** Why an upload is refused, in the current language (the call's on the server). */
export function imageProblemMessage(problem: ImageProblem): string {
  const max = IMAGE_LIMITS[problem];
  return translate(IMAGE_MESSAGE_KEYS[problem], max === undefined ? undefined : { max });
}

/** A file over the size limit, saying how large this one is (`size`, e.g. "6.2 MB"). */
export const imageTooLargeMessage = (size: string): string =>
  translate('validation.image.tooLargeThis', { max: IMAGE_UPLOAD.maxBytes / MEGABYTE, size });
