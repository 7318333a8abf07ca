import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills, proofFingerprints, proofKeys, uploads } from '../src/db/schema';
import { decodeFingerprint, isLookalike } from '../src/lib/lookalike';
import { rehashProofs } from '../src/modules/uploads/rehash';
import { customer } from './helpers/ids-fixtures';
import { get } from './helpers/test-app';
import { addFunds, receiptImage, reEncoded } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

/**
 * Issue 51 item 3: proofs stored before migration 0032 have no fingerprint (a backfill in SQL
 * cannot read the image). `npm run lookalike:rehash` fingerprints them from the stored files,
 * oldest first, and computes every payment's tags again: the old detector's look-alike tags go,
 * the new ones come. On PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true });

const reused = async (id: number) => (await get(ctx.app, `/api/admin/bills/${id}`, admin.token)).json().data.reused_proof;

describe('lookalike:rehash', () => {
  it('fingerprints the proofs stored before it, finds their look-alikes and tags the payments again; a second run does nothing', async () => {
    const [one, two] = [await customer(ctx), await customer(ctx)];
    const original = await receiptImage(31);
    const first = (await addFunds(ctx.app, one.token, paymentType.id, '70', original)).json().data.id as number;
    const copy = (await addFunds(ctx.app, two.token, paymentType.id, '71', await reEncoded(original))).json().data.id as number;
    // Another payment in the same app (receipt 35: every fourth is of one layout).
    const other = (await addFunds(ctx.app, two.token, paymentType.id, '72', await receiptImage(35))).json().data.id as number;
    expect((await reused(copy)).similar_image).toEqual([{ type: 'bill', id: first }]);

    // As migration 0032 leaves an installation: no fingerprints, and tags from the old detector,
    // which flagged different payments in one app as look-alikes.
    await ctx.db.delete(proofKeys);
    await ctx.db.delete(proofFingerprints);
    await ctx.db.update(bills).set({ reuse: null }).where(sql`${bills.id} in (${first}, ${copy})`);
    await ctx.db.update(bills).set({ reuse: `I:bill:${first}` }).where(eq(bills.id, other));
    expect((await reused(other)).flagged).toBe(true);
    const lost = (await addFunds(ctx.app, one.token, paymentType.id, '73', await receiptImage(32))).json().data.id as number;
    const [lostProof] = await ctx.db.select({ key: bills.proofKey }).from(bills).where(eq(bills.id, lost));
    await ctx.db.delete(proofFingerprints).where(eq(proofFingerprints.uploadKey, lostProof!.key!));
    await ctx.app.storage.delete(`proofs/${lostProof!.key}`);

    const lines: string[] = [];
    const summary = await rehashProofs(ctx.db, ctx.app.storage, (line) => lines.push(line));
    expect(summary.missing).toEqual([lostProof!.key]);
    expect(summary.unreadable).toEqual([]);
    expect(summary.fingerprinted).toBeGreaterThanOrEqual(3);
    expect(summary.lookalikes).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)).toMatch(/tags computed again/);

    // Every private image but the lost one has its fingerprint now.
    const without = await ctx.db.execute(sql`
      select u.key from ${uploads} u left join ${proofFingerprints} f on f.upload_key = u.key
      where u.visibility = 'private' and f.id is null`);
    expect((without as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([lostProof!.key]);
    expect((await reused(copy)).similar_image).toEqual([{ type: 'bill', id: first }]);
    expect((await reused(first)).similar_image).toEqual([{ type: 'bill', id: copy }]);
    expect(await reused(other)).toMatchObject({ flagged: false, similar_image: [] });

    const again = await rehashProofs(ctx.db, ctx.app.storage);
    expect(again).toMatchObject({ fingerprinted: 0, paymentsTagged: 0, missing: [lostProof!.key] });
  });

  it('takes again a fingerprint of another version', async () => {
    const one = await customer(ctx);
    const id = (await addFunds(ctx.app, one.token, paymentType.id, '74', await receiptImage(33))).json().data.id as number;
    const [bill] = await ctx.db.select({ key: bills.proofKey }).from(bills).where(eq(bills.id, id));
    const [before] = await ctx.db.select().from(proofFingerprints).where(eq(proofFingerprints.uploadKey, bill!.key!));
    await ctx.db.update(proofFingerprints).set({ fingerprint: Buffer.from([0, 0, 1, 0, 1]) }).where(eq(proofFingerprints.id, before!.id));
    const summary = await rehashProofs(ctx.db, ctx.app.storage);
    expect(summary.fingerprinted).toBe(1);
    const [after] = await ctx.db.select().from(proofFingerprints).where(eq(proofFingerprints.uploadKey, bill!.key!));
    expect(after!.id).not.toBe(before!.id);
    // Taken from the stored JPEG, not the upload's pixels: the same lines, not the same bytes.
    expect(isLookalike(decodeFingerprint(after!.fingerprint)!, decodeFingerprint(before!.fingerprint)!)).toBe(true);
  });
});
