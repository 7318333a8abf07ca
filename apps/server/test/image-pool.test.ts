import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPriority } from 'node:os';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, uploads } from '../src/db/schema';
import { ServiceUnavailableError } from '../src/errors/app-errors';
import {
  BoundedPool,
  IMAGE_QUEUE_LIMIT,
  IMAGE_READ_LIMIT,
  IMAGE_RETRY_AFTER_SECONDS,
  imagePool,
  uploadsBeingRead,
  whileReadingUpload,
} from '../src/lib/image-pool';
import { translateIn } from '../src/lib/i18n';
import { ImageThread, processImage, startImageWorker } from '../src/lib/images';
import { IMAGE_THREAD_NICE } from '../src/lib/sharp';
import { createAdmin, createTestApp, registerUser, type TestContext } from './helpers/test-app';
import { UPLOAD_STORES, type UploadStore } from './helpers/upload-stores';
import { addFunds, createUpiPaymentType, hugePng, nextReference, pngImage } from './helpers/wallet-fixtures';

const IMAGE_BUSY_MESSAGE = translateIn('en', 'api.imagesBusy');

/** A job that runs until the test lets it go. */
function blocker(): { release(): void; done: Promise<void> } {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, done };
}

describe('BoundedPool', () => {
  it('runs `concurrency` jobs, queues `queueLimit` more in order, and refuses the next with the 503', async () => {
    const pool = new BoundedPool(1, 2);
    const order: string[] = [];
    const first = blocker();
    const running = pool.run(async () => {
      order.push('a');
      await first.done;
    });
    const queued = [pool.run(async () => order.push('b')), pool.run(async () => order.push('c'))];
    expect(pool.counts()).toEqual({ running: 1, queued: 2 });

    const refused = pool.run(async () => order.push('d'));
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: IMAGE_RETRY_AFTER_SECONDS });

    first.release();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(pool.counts()).toEqual({ running: 0, queued: 0 });
  });

  it('work after the answer waits without limit, is never refused, and yields every slot to uploads', async () => {
    const pool = new BoundedPool(1, 1);
    const order: string[] = [];
    const first = blocker();
    const running = pool.run(async () => {
      order.push('upload 1');
      await first.done;
    });
    // Three readings wait (more than the queue's limit): none is refused, none fills the queue.
    const readings = [1, 2, 3].map((n) => pool.runInBackground(async () => order.push(`reading ${n}`)));
    expect(pool.backgroundWaiting()).toBe(3);
    expect(pool.full()).toBe(false);
    // An upload arriving later still goes first.
    const upload = pool.run(async () => order.push('upload 2'));
    first.release();
    await Promise.all([running, upload, ...readings]);
    expect(order).toEqual(['upload 1', 'upload 2', 'reading 1', 'reading 2', 'reading 3']);
    expect(pool.counts()).toEqual({ running: 0, queued: 0 });
    expect(pool.backgroundWaiting()).toBe(0);
  });

  it('a failing job frees its slot', async () => {
    const pool = new BoundedPool(1, 0);
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pool.run(async () => 42)).resolves.toBe(42);
  });
});

describe.each(UPLOAD_STORES)('a full image queue on $name', ({ start }) => {
  let store: UploadStore;
  let ctx: TestContext;
  let user: { token: string };
  let paymentTypeId: number;

  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp(store.env);
    const admin = await createAdmin(ctx);
    user = await registerUser(ctx.app);
    paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.stop();
  });

  /**
   * Fills the process's one image pool (running and queued) with jobs that wait for `release`.
   * The pool is shared by every test file of this Vitest worker: an image job another file left
   * running is waited for first, and `release` in a `finally` leaves the pool empty whatever
   * the test found.
   */
  async function holdThePool(): Promise<{ jobs: Promise<unknown>[]; release: () => void }> {
    await expect.poll(() => imagePool.counts(), { timeout: 20_000 }).toEqual({ running: 0, queued: 0 });
    const held = Array.from({ length: imagePool.concurrency + IMAGE_QUEUE_LIMIT }, blocker);
    return { jobs: held.map((b) => imagePool.run(() => b.done)), release: () => held.forEach((b) => b.release()) };
  }

  async function expectNothingStored(): Promise<void> {
    const [billRows] = await ctx.db.select({ n: count() }).from(bills);
    const [uploadRows] = await ctx.db.select({ n: count() }).from(uploads);
    expect([billRows!.n, uploadRows!.n]).toEqual([0, 0]);
    expect(await store.keys(ctx)).toEqual([]);
  }

  it('images being processed and a full queue: the upload is a 503 with Retry-After and nothing is stored', async () => {
    const { jobs, release } = await holdThePool();
    try {
      expect(imagePool.counts()).toEqual({ running: imagePool.concurrency, queued: IMAGE_QUEUE_LIMIT });
      const res = await addFunds(ctx.app, user.token, paymentTypeId, '10');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(IMAGE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ message: IMAGE_BUSY_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
      await expectNothingStored();
    } finally {
      release();
    }
    await Promise.all(jobs);
    const after = await addFunds(ctx.app, user.token, paymentTypeId, '10');
    expect(after.statusCode).toBe(200);
    expect(await store.keys(ctx)).toHaveLength(1);
  });

  it('a full image queue: the next upload is a 503 before its file has even arrived', async () => {
    const [before] = await ctx.db.select({ n: count() }).from(bills);
    const stored = await store.keys(ctx);
    const { jobs, release } = await holdThePool();
    // The form's text fields and the file part's headers, then a file that never finishes
    // arriving: only an answer that does not wait for its bytes can come back.
    const boundary = 'floodboundary';
    const body = new PassThrough();
    try {
      const fields = { amount: '10', payment_type_id: String(paymentTypeId), reference: nextReference() };
      for (const [name, value] of Object.entries(fields)) {
        body.write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      }
      body.write(`--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
      body.write(await pngImage());
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/add_funds',
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${user.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-requested-with': 'XMLHttpRequest',
        },
        payload: body,
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(IMAGE_RETRY_AFTER_SECONDS));
      expect(uploadsBeingRead()).toBe(0);
      const [after] = await ctx.db.select({ n: count() }).from(bills);
      expect(after!.n).toBe(before!.n);
      expect(await store.keys(ctx)).toEqual(stored);
    } finally {
      body.end();
      release();
      await Promise.all(jobs);
    }
  });

  it('every upload-reading slot taken: the next upload is a 503 before its bytes are read', async () => {
    const [before] = await ctx.db.select({ n: count() }).from(bills);
    const held = Array.from({ length: IMAGE_READ_LIMIT }, blocker);
    const reads = held.map((b) => whileReadingUpload(() => b.done));
    try {
      const res = await addFunds(ctx.app, user.token, paymentTypeId, '10');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(IMAGE_RETRY_AFTER_SECONDS));
      const [after] = await ctx.db.select({ n: count() }).from(bills);
      expect(after!.n).toBe(before!.n);
    } finally {
      for (const b of held) b.release();
    }
    await Promise.all(reads);
    expect((await addFunds(ctx.app, user.token, paymentTypeId, '10')).statusCode).toBe(200);
  });
});

describe('image threads below sign-ins (issue 19)', () => {
  /** This process's threads whose name starts with `prefix`, with their nice values (Linux /proc). */
  function threadsNamed(prefix: string): { tid: number; nice: number }[] {
    return readdirSync('/proc/self/task').flatMap((entry) => {
      try {
        if (!readFileSync(`/proc/self/task/${entry}/comm`, 'utf8').startsWith(prefix)) return [];
        const fields = readFileSync(`/proc/self/task/${entry}/stat`, 'utf8').split(') ').pop()!.split(' ');
        return [{ tid: Number(entry), nice: Number(fields[16]) }];
      } catch {
        return [];
      }
    });
  }

  it("libvips' threads run at IMAGE_THREAD_NICE once an image is processed; the rest of the process keeps its priority", async () => {
    const before = getPriority();
    const image = await processImage(await pngImage(1600, 1200), 'private');
    expect(image.contentType).toBe('image/jpeg');
    const vips = threadsNamed('libvips');
    expect(vips.length).toBeGreaterThan(0);
    expect(vips.map((t) => t.nice)).toEqual(vips.map(() => IMAGE_THREAD_NICE));
    // This (the event loop's) thread is untouched: the nice value is per thread on Linux.
    expect(getPriority()).toBe(before);
    expect(before).toBeLessThan(IMAGE_THREAD_NICE);
  });

  it('given a destination on disk, the image thread writes the encoded file itself and sends no bytes back', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'iddesk-image-write-')), 'proofs');
    const writeTo = { jpg: join(folder, 'a.jpg'), webp: join(folder, 'a.webp') };
    const image = await processImage(await pngImage(800, 600), 'private', writeTo);
    expect(image.data).toBeNull();
    expect(image.extension).toBe('jpg');
    const written = readFileSync(writeTo.jpg);
    expect(written.length).toBe(image.byteSize);
    expect([...written.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(existsSync(writeTo.webp)).toBe(false);
    // Nothing but the file itself is left in the folder (the partial was renamed).
    expect(readdirSync(folder)).toEqual(['a.jpg']);
    // A refused image writes nothing.
    const refused = { jpg: join(folder, 'b.jpg'), webp: join(folder, 'b.webp') };
    await expect(processImage(Buffer.from('GIF89a, not really'), 'private', refused)).rejects.toMatchObject({ problem: 'wrongType' });
    expect(readdirSync(folder)).toEqual(['a.jpg']);
  });

  it('the image work runs on its own thread, which waits behind sign-ins too; a bad image still reads as one', async () => {
    await processImage(await pngImage(), 'private');
    // The image thread (lib/image-worker.ts) lowered itself: a thread at IMAGE_THREAD_NICE that
    // is not one of libvips'.
    const lowered = threadsNamed('').filter((t) => t.nice === IMAGE_THREAD_NICE);
    const vips = new Set(threadsNamed('libvips').map((t) => t.tid));
    expect(lowered.filter((t) => !vips.has(t.tid)).length).toBeGreaterThan(0);
    // Its refusals come back as the reason (the caller words it in the call's language).
    await expect(processImage(Buffer.from('GIF89a, not really'), 'private')).rejects.toMatchObject({ problem: 'wrongType' });
    await expect(processImage(hugePng(), 'private')).rejects.toMatchObject({ problem: 'tooManyPixels' });
  });
});

describe('the image thread dies', () => {
  it("the jobs it held fail; the next image starts another thread and is answered", async () => {
    let starts = 0;
    // The first thread dies on its first job, as a crash in native code would end it.
    const thread = new ImageThread(() =>
      ++starts === 1
        ? new Worker("require('node:worker_threads').parentPort.once('message', () => process.exit(7))", { eval: true })
        : startImageWorker(),
    );
    const png = await pngImage();
    await expect(thread.run(png, 'private')).rejects.toThrow('the image thread exited with code 7');
    const image = await thread.run(png, 'private');
    expect(image.contentType).toBe('image/jpeg');
    expect(starts).toBe(2);
    // That one stays: a third image does not start another.
    expect((await thread.run(png, 'private')).contentType).toBe('image/jpeg');
    expect(starts).toBe(2);
  });
});
