import { IMAGE_UPLOAD, type ImageProblem } from '@iddesk/contract';
import { type Lookalike, lookalikeOfPixels } from './lookalike';
import { loadSharp, lowerImageThreadPriority } from './sharp';

// The image work itself, run on the image thread (lib/image-worker.ts); the server calls it
// through lib/images.ts `processImage`.

/**
 * An upload that is not an acceptable image. It carries the reason, not the text: the image is
 * checked on the image thread, outside the call's async context, so the caller writes the
 * message in the call's language (`imageProblemMessage`, issue 18).
 */
export class InvalidImageError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`invalid image: ${problem}`);
  }
}

export type ProcessedImage = {
  /** The encoded file; null once the image thread wrote it to disk itself (`writeTo`). */
  data: Buffer | null;
  byteSize: number;
  contentType: 'image/webp' | 'image/jpeg';
  extension: 'webp' | 'jpg';
  width: number;
  height: number;
  /** Private images (payment proofs): the look-alike fingerprint (lib/lookalike.ts); else null. */
  lookalike: Lookalike | null;
};

/** Stored images fit in this box: plenty for a payment screenshot, far less to keep. */
const MAX_STORED_SIDE = 4096;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Who sees the stored image. Private proofs (payment screenshots, the hot path: every
 * deposit) are encoded at the least CPU; public images (logos, QR codes, media, uploaded by
 * staff and served to every visitor) keep the smaller WebP.
 */
export type ImageUse = 'private' | 'public';

/** How often a running image job looks for new libvips threads to lower (lib/sharp.ts). */
const RENICE_EVERY_MS = 20;

/**
 * Check an upload by its content and re-encode it. The header is read first with sharp's
 * pixel limit, so an oversized image (a 20 000 × 20 000 PNG bomb) is refused before any
 * pixel is decoded. Re-encoding drops everything but pixels: EXIF (location, device),
 * embedded scripts or polyglot payloads. A proof's look-alike fingerprint is taken from the same
 * decoded pixels. libvips' threads run below sign-ins and the event loop while it works.
 */
export async function checkAndEncode(input: Buffer, use: ImageUse): Promise<ProcessedImage> {
  lowerImageThreadPriority();
  const timer = setInterval(() => lowerImageThreadPriority(), RENICE_EVERY_MS);
  try {
    return await encode(input, use);
  } finally {
    clearInterval(timer);
    // Threads started in the job's last moments, idle now, wait at the lower priority too.
    lowerImageThreadPriority();
  }
}

async function encode(input: Buffer, use: ImageUse): Promise<ProcessedImage> {
  const options = { limitInputPixels: IMAGE_UPLOAD.maxPixels, failOn: 'error' as const };
  const sharp = await loadSharp();

  // One instance: the header is parsed once, then the same pipeline decodes the pixels.
  const image = sharp(input, options);
  let header: Awaited<ReturnType<typeof image.metadata>>;
  try {
    header = await image.metadata();
  } catch (error) {
    throw new InvalidImageError(isPixelLimit(error) ? 'tooManyPixels' : 'wrongType');
  }
  const { format } = header;
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new InvalidImageError('wrongType');

  // Proofs are JPEG (transparency flattened to white); public images stay WebP (photos JPEG),
  // smaller for every visitor. Proofs, the hot path (every deposit), at the least CPU: measured
  // on a 390 × 844 screenshot (docs/performance.md), libjpeg-turbo q85 without the second,
  // Huffman-optimising pass costs about a third of the encode with it, a tenth of WebP q90.
  const asJpeg = use === 'private' || format === 'jpeg';
  try {
    // Decoded once: the same pixels are encoded and, for a proof, fingerprinted (a second decode of
    // the encoded file cost as much CPU as the encode itself). Only the steps this image needs
    // join the pipeline (a phone screenshot needs none: ~6 % of the decode saved).
    let decoded = image;
    // Apply the EXIF orientation before the metadata is dropped.
    if ((header.orientation ?? 1) > 1) decoded = decoded.rotate();
    if ((header.width ?? 0) > MAX_STORED_SIDE || (header.height ?? 0) > MAX_STORED_SIDE)
      decoded = decoded.resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (asJpeg && header.hasAlpha) decoded = decoded.flatten({ background: '#ffffff' });
    const pixels = await decoded.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    const encoder = sharp(pixels.data, { raw: { width, height, channels } });
    const encoded =
      use === 'private'
        ? encoder.jpeg({ quality: 85, optimiseCoding: false })
        : asJpeg
          ? encoder.jpeg({ quality: 85, mozjpeg: true })
          : encoder.webp({ quality: 90 });
    const data = await encoded.toBuffer();
    return {
      data,
      byteSize: data.length,
      contentType: asJpeg ? 'image/jpeg' : 'image/webp',
      extension: asJpeg ? 'jpg' : 'webp',
      width,
      height,
      lookalike: use === 'private' ? await lookalikeOfPixels({ data: pixels.data, width, height, channels }) : null,
    };
  } catch (error) {
    // A valid header over corrupt or truncated pixel data.
    throw new InvalidImageError(isPixelLimit(error) ? 'tooManyPixels' : 'wrongType');
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
