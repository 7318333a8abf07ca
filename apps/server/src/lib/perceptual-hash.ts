import { loadSharp } from './sharp';

/** Proofs whose hashes differ in at most this many of 64 bits are taken for the same picture. */
export const LOOKALIKE_MAX_DISTANCE = 8;

/** Below this spread of grey levels (0–255) a picture is featureless: no hash, no matches. */
const MIN_CONTRAST = 12;

/**
 * A 64-bit difference hash (dHash): the picture shrunk to 9 × 8 grey pixels, one bit per
 * pair of neighbours (is the left one brighter?). Re-encoding, recompressing or resizing
 * keeps the bits; another picture flips about half of them. Returned as a signed bigint
 * (the database's `bigint`); null for a near-uniform picture, which would match every other.
 */
export async function perceptualHash(image: Buffer): Promise<bigint | null> {
  const sharp = await loadSharp();
  const { data } = await sharp(image)
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let min = 255;
  let max = 0;
  for (const v of data) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  if (max - min < MIN_CONTRAST) return null;
  let hash = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      hash = (hash << 1n) | (data[y * 9 + x]! > data[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
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
