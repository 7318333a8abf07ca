import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomOf, receiptsOf, renderReceipt, transform, type Transformation } from '../../../scripts/receipts/receipts';
import { proofFingerprints, proofKeys, uploads } from '../src/db/schema';
import { processImage } from '../src/lib/images';
import { findLookalikeCandidates, insertFingerprint, LOOKALIKE_KEY_CAP } from '../src/modules/uploads/repository';
import { recordUpload, type StoredImage } from '../src/modules/uploads/service';
import { countQueries } from './helpers/query-counter';
import { useTestApp } from './helpers/test-app';

/**
 * Issue 51 item 3: a proof is searched among the stored ones by its index keys and judged
 * against the few candidates; its fingerprint row names the earlier look-alikes. No pairs are
 * stored, and a template's key (one every receipt of an app shows) is read at most
 * LOOKALIKE_KEY_CAP times and never grows. On PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */

const ctx = useTestApp();

// Receipts 2 and 6 of this seed: the plain layout, one font, a 1080 × 2400 screen, two payments.
const receipts = receiptsOf(51, 7);
let original: Buffer;
let other: Buffer;

/** A private image through the image thread, as an upload of it is stored (its file aside). */
async function proofOf(png: Buffer): Promise<StoredImage> {
  const image = await processImage(png, 'private');
  return {
    key: `${randomBytes(16).toString('hex')}.jpg`,
    visibility: 'private',
    contentType: image.contentType,
    byteSize: image.byteSize,
    width: image.width,
    height: image.height,
    lookalike: image.lookalike,
  };
}

const record = (proof: StoredImage) => ctx.db.transaction((tx) => recordUpload(tx, proof, null));

async function fingerprintRow(key: string) {
  const [row] = await ctx.db.select().from(proofFingerprints).where(eq(proofFingerprints.uploadKey, key));
  const keys = row ? await ctx.db.select().from(proofKeys).where(eq(proofKeys.fingerprintId, row.id)) : [];
  return { lookalikeOf: row?.lookalikeOf, keys: keys.length };
}

beforeAll(async () => {
  [original, other] = await Promise.all([renderReceipt(receipts[2]!), renderReceipt(receipts[6]!)]);
});

describe('look-alike search and storage', () => {
  let first: StoredImage;

  it('the first proof names nothing and is stored under its keys', async () => {
    first = await proofOf(original);
    expect(first.lookalike!.keys.length).toBeGreaterThan(10);
    await record(first);
    const row = await fingerprintRow(first.key);
    expect(row.lookalikeOf).toEqual([]);
    expect(row.keys).toBe(first.lookalike!.keys.length);
  });

  it.each<Transformation>(['jpeg', 'crop-20px', 'border-10px', 'mirror', 'turn-90'])(
    'a %s copy is found and names the original; it adds no keys',
    async (how) => {
      const copy = await proofOf(await transform(original, how, randomOf(3)));
      await record(copy);
      expect(await fingerprintRow(copy.key)).toEqual({ lookalikeOf: [first.key], keys: 0 });
    },
  );

  it('another payment in the same app names nothing, though the search hands its judge the original', async () => {
    expect([receipts[6]!.layout, receipts[6]!.font, receipts[6]!.width]).toEqual([receipts[2]!.layout, receipts[2]!.font, receipts[2]!.width]);
    const payment = await proofOf(other);
    const candidates = await ctx.db.transaction((tx) => findLookalikeCandidates(tx, payment.lookalike!.probes));
    // Their labels and buttons share keys: the original is a candidate, and the judge says no.
    expect(candidates.map((c) => c.uploadKey)).toContain(first.key);
    await record(payment);
    const row = await fingerprintRow(payment.key);
    expect(row.lookalikeOf).toEqual([]);
    expect(row.keys).toBeGreaterThan(0);
  });

  it('a proof is its upload row, one search and one write of its fingerprint and keys', async () => {
    const copy = await proofOf(await transform(original, 'greyscale', randomOf(3)));
    const counter = countQueries(ctx.database);
    const { statements } = await counter.measure(() => record(copy));
    const work = statements.filter((s) => !/^(begin|commit)/i.test(s));
    expect(work, work.join('\n---\n')).toHaveLength(3);
    expect(work[0]).toMatch(/^insert into "uploads"/i);
    expect(work[1]).toMatch(/from "proof_keys"[\s\S]*limit/i);
    expect(work[2]).toMatch(/insert into "proof_fingerprints"[\s\S]*insert into "proof_keys"/i);
    expect(statements.join('\n')).not.toMatch(/upload_lookalikes/);
  });

  it('a key held by LOOKALIKE_KEY_CAP fingerprints is a template: not searched, not added to', async () => {
    const template = 0x7777_0000_0001n;
    const rare = 0x7777_0000_0002n;
    const fingerprint = Buffer.from([1, 0, 10, 0, 10]);
    const held: string[] = [];
    for (let i = 0; i <= LOOKALIKE_KEY_CAP; i += 1) {
      const key = `${randomBytes(16).toString('hex')}.jpg`;
      held.push(key);
      await ctx.db.transaction(async (tx) => {
        await tx.insert(uploads).values({ key, visibility: 'private', ownerId: null, contentType: 'image/jpeg', byteSize: 1, width: 1, height: 1 });
        await insertFingerprint(tx, key, fingerprint, [], i === 0 ? [template, rare] : [template]);
      });
    }
    const holders = async (key: bigint) =>
      (await ctx.db.select().from(proofKeys).where(eq(proofKeys.key, key))).length;
    // The one past the cap was not added.
    expect(await holders(template)).toBe(LOOKALIKE_KEY_CAP);
    expect(await holders(rare)).toBe(1);
    const search = (key: bigint) =>
      ctx.db.transaction((tx) => findLookalikeCandidates(tx, [{ key, line: 0, variant: 0 }]));
    expect(await search(template)).toEqual([]);
    expect((await search(rare)).map((c) => c.uploadKey)).toEqual([held[0]]);
  });

  it('the original ranks first among a copy’s candidates: it alone holds the copy’s rare keys', async () => {
    const copy = await proofOf(await transform(original, 'half', randomOf(3)));
    const candidates = await ctx.db.transaction((tx) => findLookalikeCandidates(tx, copy.lookalike!.probes));
    expect(candidates[0]?.uploadKey).toBe(first.key);
  });
});
