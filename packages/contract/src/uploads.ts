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

export const IMAGE_TOO_LARGE_MESSAGE = 'The image may not be larger than 5 MB.';
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'The image may not be larger than 40 megapixels.';
export const IMAGE_WRONG_TYPE_MESSAGE = 'The file must be a JPEG, PNG or WebP image.';
