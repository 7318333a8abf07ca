import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHASH_BANDS, uploadLookalikes, uploads } from '../src/db/schema';
import { LOOKALIKE_MAX_DISTANCE } from '../src/lib/perceptual-hash';
import { bandProbes, findLookalikes, insertProof } from '../src/modules/uploads/repository';
import { countQueries } from './helpers/query-counter';
import { useTestApp } from './helpers/test-app';

/**
 * Issue 19: the look-alike search reads the band indexes instead of every stored proof. It
 * must find exactly what the whole scan finds (the hashes within LOOKALIKE_MAX_DISTANCE bits),
 * on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */

const ctx = useTestApp();

/** A deterministic 64-bit generator (xorshift), so a failure can be replayed. */
let state = 0x9e3779b97f4a7c15n;
function next(): bigint {
  state ^= (state << 13n) & 0xffffffffffffffffn;
  state ^= state >> 7n;
  state ^= (state << 17n) & 0xffffffffffffffffn;
  return BigInt.asIntN(64, state);
}

/** `hash` with the given bit positions (0–63) flipped. */
const flip = (hash: bigint, bits: number[]) =>
  BigInt.asIntN(
    64,
    bits.reduce((h, b) => h ^ (1n << BigInt(b)), BigInt.asUintN(64, hash)),
  );

/** Bit positions spread over the bands as evenly as they go: the hardest case for the search. */
function spread(count: number): number[] {
  const bits: number[] = [];
  for (let i = 0; bits.length < count; i += 1) {
    const [first, width] = PHASH_BANDS[i % PHASH_BANDS.length]!;
    bits.push(first + ((Math.floor(i / PHASH_BANDS.length) * 5 + i) % width));
  }
  return bits;
}

const stored: bigint[] = [];
const key = (i: number) => `${i.toString(16).padStart(32, '0')}.jpg`;

async function wholeScan(phash: bigint): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(
      sql`${uploads.phash} is not null and bit_count((${uploads.phash} # ${phash}::bigint)::bit(64))::int <= ${LOOKALIKE_MAX_DISTANCE}`,
    );
  return rows.map((r) => r.key).sort();
}

beforeAll(async () => {
  const base = next();
  // Random proofs, and near copies of one of them at every distance from 0 to 12, with the
  // flipped bits spread across the bands.
  for (let i = 0; i < 400; i += 1) stored.push(next());
  for (let d = 0; d <= 12; d += 1) stored.push(flip(base, spread(d)));
  await ctx.db
    .insert(uploads)
    .values(
      stored.map((phash, i) => ({
        key: key(i),
        visibility: 'private' as const,
        contentType: 'image/jpeg',
        byteSize: 1,
        width: 1,
        height: 1,
        phash,
      })),
    );
});

describe('look-alike search', () => {
  it('the probes hold the band value and every value one bit away, per band', () => {
    const probes = bandProbes(0n);
    expect(probes.map((p) => p.length)).toEqual(PHASH_BANDS.map(([, width]) => width + 1));
    expect(probes[0]!.slice(0, 3)).toEqual([0, 1, 2]);
    expect(new Set(bandProbes(-1n)[4]).has(4095)).toBe(true);
  });

  it('finds exactly what a scan of every proof finds, near copies up to 8 bits and no further', async () => {
    const base = stored[400]!;
    const found = (await findLookalikes(ctx.db, 'none', base)).map((m) => m.otherKey).sort();
    expect(found).toEqual(await wholeScan(base));
    // The copies at distances 0–8 are found; 9–12 are not.
    const copies = Array.from({ length: 13 }, (_, d) => key(400 + d));
    expect(found).toEqual(expect.arrayContaining(copies.slice(0, 9)));
    for (const far of copies.slice(9)) expect(found).not.toContain(far);
  });

  it('agrees with the whole scan for random probes near and far', async () => {
    for (let i = 0; i < 60; i += 1) {
      const target = stored[(i * 37) % stored.length]!;
      const probe = i % 3 === 0 ? next() : flip(target, spread(i % 11));
      const found = (await findLookalikes(ctx.db, 'none', probe)).map((m) => m.otherKey).sort();
      expect(found, `probe ${probe}`).toEqual(await wholeScan(probe));
    }
  });

  it("leaves out the proof's own key and reports the distance", async () => {
    const base = stored[400]!;
    const matches = await findLookalikes(ctx.db, key(400), base);
    expect(matches.map((m) => m.otherKey)).not.toContain(key(400));
    expect(matches.find((m) => m.otherKey === key(408))?.distance).toBe(8);
  });

  it('a new proof is stored with its pairs both ways and their distances', async () => {
    const counter = countQueries(ctx.database);
    const proofs = [
      { key: 'new-near.jpg', phash: flip(stored[400]!, spread(3)) },
      { key: 'new-far.jpg', phash: next() },
    ];
    for (const proof of proofs) {
      const expected = await wholeScan(proof.phash);
      const { count } = await counter.measure(() =>
        ctx.db.transaction((tx) =>
          insertProof(tx, { ...proof, visibility: 'private', ownerId: null, contentType: 'image/jpeg', byteSize: 1, width: 1, height: 1 }),
        ),
      );
      // BEGIN, the proof's row, its pairs, COMMIT.
      expect(count).toBe(4);
      const pairs = await ctx.db.select().from(uploadLookalikes).where(eq(uploadLookalikes.key, proof.key));
      expect(pairs.map((p) => p.otherKey).sort()).toEqual(expected);
      const back = await ctx.db.select().from(uploadLookalikes).where(eq(uploadLookalikes.otherKey, proof.key));
      expect(back.map((p) => p.key).sort()).toEqual(expected);
      expect(back.map((p) => p.distance).sort()).toEqual(pairs.map((p) => p.distance).sort());
    }
    expect((await wholeScan(proofs[0]!.phash)).length).toBeGreaterThan(1);
    // The proof's row is there with its hash.
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.key, 'new-near.jpg'));
    expect(row?.phash).toBe(proofs[0]!.phash);
  });
});
