import { loadSharp } from './sharp';

/** Proofs whose hashes differ in at most this many of 64 bits are taken for the same picture. */
export const LOOKALIKE_MAX_DISTANCE = 8;

/** Below this spread of grey levels (0–255) a picture is featureless: no hash, no matches. */
const MIN_CONTRAST = 12;

/** Decoded 8-bit pixels, as sharp's `raw()` gives them (1–4 channels, interleaved). */
export type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/**
 * A 64-bit difference hash (dHash): the picture shrunk to 9 × 8 pixels, turned grey, one bit
 * per pair of neighbours (is the left one brighter?). Re-encoding, recompressing or resizing
 * keeps the bits; another picture flips about half of them. Returned as a signed bigint
 * (the database's `bigint`); null for a near-uniform picture, which would match every other.
 * Taken from the pixels the upload pipeline has already decoded (lib/images.ts): shrunk in
 * colour first and only the 72 pixels made grey, a tenth of the CPU of a grey conversion of
 * the whole picture.
 */
export async function hashOfPixels(pixels: Pixels): Promise<bigint | null> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  })
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Array<number>(72);
  for (let i = 0; i < 72; i += 1) {
    const at = i * info.channels;
    grey[i] = info.channels >= 3 ? luminance(data[at]!, data[at + 1]!, data[at + 2]!) : data[at]!;
  }
  const min = Math.min(...grey);
  const max = Math.max(...grey);
  if (max - min < MIN_CONTRAST) return null;
  let hash = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      hash = (hash << 1n) | (grey[y * 9 + x]! > grey[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** The hash of an encoded image (any format sharp reads), as an upload of it would get. */
export async function perceptualHash(image: Buffer): Promise<bigint | null> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return hashOfPixels({ data, width: info.width, height: info.height, channels: info.channels });
}

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** sRGB to grey as libvips' `b-w` does it (Rec. 709 luminance in linear light), 0–255. */
function luminance(r: number, g: number, b: number): number {
  const y = 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
  return 255 * (y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055);
}

/** Bits that differ between two hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x > 0n) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
