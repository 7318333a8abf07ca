import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UPLOAD,
  IMAGE_WRONG_TYPE_MESSAGE,
} from '@iddesk/contract';
import { loadSharp } from './sharp';

/** An upload that is not an acceptable image; the message is meant for the user. */
export class InvalidImageError extends Error {}

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/webp' | 'image/jpeg';
  extension: 'webp' | 'jpg';
  width: number;
  height: number;
};

/** Stored images fit in this box: plenty for a payment screenshot, far less to keep. */
const MAX_STORED_SIDE = 4096;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Check an upload by its content and re-encode it. The header is read first with sharp's
 * pixel limit, so an oversized image (a 20 000 × 20 000 PNG bomb) is refused before any
 * pixel is decoded. Re-encoding drops everything but pixels: EXIF (location, device),
 * embedded scripts or polyglot payloads. CPU-heavy: never call it inside a transaction.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  jobsInFlight += 1;
  try {
    return await checkAndEncode(input);
  } finally {
    jobsInFlight -= 1;
  }
}

let jobsInFlight = 0;

/** Uploads being checked or re-encoded right now, waiting for sharp included (GET /metrics). */
export function imageJobsInFlight(): number {
  return jobsInFlight;
}

async function checkAndEncode(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_UPLOAD.maxBytes) throw new InvalidImageError(IMAGE_TOO_LARGE_MESSAGE);
  const options = { limitInputPixels: IMAGE_UPLOAD.maxPixels, failOn: 'error' as const };
  const sharp = await loadSharp();

  let format: string | undefined;
  try {
    const meta = await sharp(input, options).metadata();
    format = meta.format;
  } catch (error) {
    throw new InvalidImageError(
      isPixelLimit(error) ? IMAGE_TOO_MANY_PIXELS_MESSAGE : IMAGE_WRONG_TYPE_MESSAGE,
    );
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new InvalidImageError(IMAGE_WRONG_TYPE_MESSAGE);

  // Photos stay JPEG (smaller than WebP would gain little); screenshots and QR codes go WebP.
  const asJpeg = format === 'jpeg';
  try {
    const pipeline = sharp(input, options)
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded = asJpeg
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : pipeline.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: asJpeg ? 'image/jpeg' : 'image/webp',
      extension: asJpeg ? 'jpg' : 'webp',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    // A valid header over corrupt or truncated pixel data.
    throw new InvalidImageError(
      isPixelLimit(error) ? IMAGE_TOO_MANY_PIXELS_MESSAGE : IMAGE_WRONG_TYPE_MESSAGE,
    );
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
