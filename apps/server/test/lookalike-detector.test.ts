import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomOf, receiptsOf, renderReceipt, transform, TRANSFORMATIONS } from '../../../scripts/receipts/receipts';
import {
  decodeFingerprint,
  encodeFingerprint,
  type Fingerprint,
  fingerprintOfImage,
  isLookalike,
  probeKeys,
  storedKeys,
} from '../src/lib/lookalike';

/**
 * Issue 51 item 3: the look-alike detector on receipts from the committed generator
 * (scripts/receipts, `npm run lookalike:measure` measures the whole set). Every transformation
 * of one receipt is caught; another payment in the same app, font and screen size is not.
 */

// Receipts 5 and 9 of this seed: both of the sky layout, in one font on a 720 × 1600 screen.
const receipts = receiptsOf(51, 10);
const [one, other] = [receipts[5]!, receipts[9]!];
let original: Buffer;
let print: Fingerprint;
let otherPrint: Fingerprint;

beforeAll(async () => {
  original = await renderReceipt(one);
  print = await fingerprintOfImage(original);
  otherPrint = await fingerprintOfImage(await renderReceipt(other));
});

describe('look-alike detector', () => {
  it('the two receipts are one app, one font, one screen, and differ in what was paid', () => {
    expect([other.layout, other.font, other.width, other.height]).toEqual([one.layout, one.font, one.width, one.height]);
    expect(other.reference).not.toBe(one.reference);
    expect(other.time).not.toBe(one.time);
    // Lines enough to compare: a receipt is text.
    expect(print.blobs.length).toBeGreaterThan(12);
  });

  it.each(TRANSFORMATIONS)('a %s copy looks like the original and not like the other payment', async (how) => {
    const copy = await fingerprintOfImage(await transform(original, how, randomOf(7)));
    expect(isLookalike(copy, print)).toBe(true);
    expect(isLookalike(copy, otherPrint)).toBe(false);
  });

  it('two payments in the same app are not look-alikes, either way round', () => {
    expect(isLookalike(otherPrint, print)).toBe(false);
    expect(isLookalike(print, otherPrint)).toBe(false);
  });

  it('a copy shares index keys with the original; the other payment only a template’s', async () => {
    const copy = await fingerprintOfImage(await transform(original, 'jpeg', randomOf(7)));
    const stored = new Set(storedKeys(print));
    const shared = (f: Fingerprint) => new Set(probeKeys(f).filter((p) => stored.has(p.key)).map((p) => p.line)).size;
    // The copy's lines find the original's keys; the other receipt's only its labels' and the payee's.
    expect(shared(copy)).toBeGreaterThan(shared(otherPrint));
    expect(shared(copy)).toBeGreaterThanOrEqual(6);
  });

  it('is stored and read back unchanged; a featureless picture has no lines', async () => {
    // What is stored: the lines' places and pictures (the keys' cells are the upload's only).
    const stored = { ...print, blobs: print.blobs.map(({ x, y, w, h, grid }) => ({ x, y, w, h, grid })) };
    expect(decodeFingerprint(encodeFingerprint(print))).toEqual(stored);
    // Another version's bytes are not read (they are taken again by lookalike:rehash).
    expect(decodeFingerprint(Buffer.from([99, 0, 1, 0, 1]))).toBeNull();
    const flat = await sharp({ create: { width: 400, height: 800, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const blank = await fingerprintOfImage(flat);
    expect(blank.blobs).toEqual([]);
    expect(storedKeys(blank)).toEqual([]);
    expect(isLookalike(blank, blank)).toBe(false);
  });
});
