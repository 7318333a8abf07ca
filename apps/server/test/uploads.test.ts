import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, get, registerUser, type TestContext } from './helpers/test-app';
import { UPLOAD_STORES, type UploadStore } from './helpers/upload-stores';
import { addFunds, createUpiPaymentType, jpegWithExif, pngImage, postForm } from './helpers/wallet-fixtures';

// The same promises on the disk store and on a real S3-protocol server.
describe.each(UPLOAD_STORES)('uploads on $name', ({ start }) => {
  let store: UploadStore;
  let ctx: TestContext;
  let admin: { token: string };
  let user: { token: string };
  let paymentTypeId: number;

  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp(store.env);
    admin = await createAdmin(ctx);
    user = await registerUser(ctx.app);
    paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.stop();
  });

  it('a proof is re-encoded without its metadata, rotated by EXIF, and stored under a random name', async () => {
    const res = await addFunds(ctx.app, user.token, paymentTypeId, '10', await jpegWithExif(80, 40));
    expect(res.statusCode).toBe(200);
    const url = res.json().data.proof_url as string;
    expect(url).toMatch(/^\/api\/files\/proofs\/[0-9a-f]{32}\.jpg$/);

    const file = await get(ctx.app, url, user.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // Never kept in the browser's cache (issue 51 finding 7): a shared phone keeps no proof.
    expect(file.headers['cache-control']).toBe('no-store');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    // Orientation 6 means "rotate 90°": the stored pixels are upright, 40 × 80.
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(file.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);

    const stored = await store.keys(ctx);
    expect(stored).toContain(`proofs/${url.split('/').pop()}`);
    expect(stored.some((name) => name.includes('image'))).toBe(false);
  });

  it('a proof is served to its owner and to staff, and is a 404 for another customer and a 401 without a token', async () => {
    const res = await addFunds(ctx.app, user.token, paymentTypeId, '10', await pngImage(33, 22));
    expect(res.statusCode).toBe(200);
    const url = res.json().data.proof_url as string;

    const asOwner = await get(ctx.app, url, user.token);
    const asStaff = await get(ctx.app, url, admin.token);
    expect(asOwner.statusCode).toBe(200);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.rawPayload.equals(asOwner.rawPayload)).toBe(true);
    expect((await sharp(asOwner.rawPayload).metadata()).width).toBe(33);

    const other = await registerUser(ctx.app);
    expect((await get(ctx.app, url, other.token)).statusCode).toBe(404);
    expect((await get(ctx.app, url)).statusCode).toBe(401);
  });

  it('PNG and WebP proofs become JPEG (the cheapest encoder), transparency flattened', async () => {
    const transparent = await sharp({
      create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    for (const input of [await pngImage(30, 20), await sharp(await pngImage(30, 20)).webp().toBuffer(), transparent]) {
      const res = await addFunds(ctx.app, user.token, paymentTypeId, '10', input);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.proof_url).toMatch(/\.jpg$/);
      const file = await get(ctx.app, res.json().data.proof_url, user.token);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 30, 20, false]);
    }
    // The transparent one is white now, not black.
    const last = await get(ctx.app, (await addFunds(ctx.app, user.token, paymentTypeId, '10', transparent)).json().data.proof_url, user.token);
    const { data } = await sharp(last.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it('file names that are not ours, or unknown, are 404', async () => {
    for (const key of ['../../app.key', 'x.webp', `${'a'.repeat(32)}.webp`, '%2e%2e%2fapp.key']) {
      expect((await get(ctx.app, `/api/files/proofs/${key}`, user.token)).statusCode, key).toBe(404);
      expect((await get(ctx.app, `/api/files/public/${key}`)).statusCode, key).toBe(404);
    }
  });

  it('a proof is not served as a public file, nor a public file as a proof', async () => {
    const proofUrl = (await addFunds(ctx.app, user.token, paymentTypeId, '10')).json().data.proof_url as string;
    const key = proofUrl.split('/').pop();
    expect((await get(ctx.app, `/api/files/public/${key}`)).statusCode).toBe(404);

    const created = await postForm(
      ctx.app,
      '/api/admin/payment_types/create',
      { name: 'PhonePe', kind: 'upi', upi_id: 'desk@ybl' },
      [{ field: 'qr', data: await pngImage(50, 50) }],
      admin.token,
    );
    const qrUrl = created.json().data.qr_url as string;
    expect(qrUrl).toMatch(/^\/api\/files\/public\/[0-9a-f]{32}\.webp$/);
    expect(await store.keys(ctx)).toContain(`public/${qrUrl.split('/').pop()}`);
    const qr = await get(ctx.app, qrUrl);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(ctx.app, qrUrl.replace('/public/', '/proofs/'), admin.token)).statusCode).toBe(404);
  });
});
