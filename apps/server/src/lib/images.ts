import { Worker } from 'node:worker_threads';
import { IMAGE_UPLOAD, type ImageProblem } from '@iddesk/contract';
import { imagePool } from './image-pool';
import { type ImageUse, InvalidImageError, type ProcessedImage } from './image-work';
import { loadSharp } from './sharp';

export { type ImageUse, InvalidImageError, type ProcessedImage } from './image-work';

/**
 * Where the image thread writes the encoded file itself, by the extension it chooses (a
 * DiskStorage's paths: Storage `pathFor`); without it the bytes come back to the caller.
 */
export type ImageDestination = Record<ProcessedImage['extension'], string>;

/** What the server asks the image thread (lib/image-worker.ts). */
export type ImageRequest = { id: number; input: Uint8Array; use: ImageUse; writeTo?: ImageDestination };
/** Its answer: the image, the reason it is not an acceptable one, or a failure of the work. */
export type ImageReply =
  | { id: number; image: ProcessedImage }
  | { id: number; problem: ImageProblem }
  | { id: number; error: string };

/**
 * Check an upload by its content and re-encode it (lib/image-work.ts `checkAndEncode`): a
 * file over the size cap is refused before anything else, the rest goes through the bounded
 * image pool (lib/image-pool.ts: a full queue is the 503) to the image thread. CPU-heavy:
 * never call it inside a transaction.
 */
export async function processImage(
  input: Buffer,
  use: ImageUse = 'public',
  writeTo?: ImageDestination,
): Promise<ProcessedImage> {
  if (input.length > IMAGE_UPLOAD.maxBytes) throw new InvalidImageError('tooLarge');
  jobsInFlight += 1;
  try {
    return await imagePool.run(() => imageThread.run(input, use, writeTo));
  } finally {
    jobsInFlight -= 1;
  }
}

let jobsInFlight = 0;

/** Uploads being checked or re-encoded right now, waiting for the pool included (GET /metrics). */
export function imageJobsInFlight(): number {
  return jobsInFlight;
}

/**
 * One worker thread for the image work (issue 19: "work off the main thread"). sharp's
 * synchronous part of each call and the decoded pixels (a 390 × 844 screenshot is 1.3 MB of
 * them, garbage the moment it is encoded) used to land on the event loop: the pixels made V8
 * collect its old space every ten or so deposits. Here they live and die in the thread's own
 * heap. libvips still does the pixel work on libuv's pool, which the image pool bounds.
 * Started on the first image (sharp and a V8 isolate cost ~30 MB), kept for the process's
 * life; if it ever dies, the jobs it held fail and the next image starts another.
 */
export class ImageThread {
  /** `startThread` starts a worker that answers ImageRequests (image-worker.ts by default). */
  constructor(private readonly startThread: () => Worker = startImageWorker) {}

  private worker: Promise<Worker> | null = null;
  private current: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (image: ProcessedImage) => void; reject: (error: Error) => void }
  >();

  async run(input: Buffer, use: ImageUse, writeTo?: ImageDestination): Promise<ProcessedImage> {
    this.worker ??= this.start().catch((error: unknown) => {
      this.worker = null;
      throw error;
    });
    const worker = await this.worker;
    const id = this.nextId++;
    return new Promise<ProcessedImage>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held while it works for someone, so a script awaiting an image does not exit under it.
      worker.ref();
      worker.postMessage({ id, input, use, ...(writeTo ? { writeTo } : {}) } satisfies ImageRequest);
    });
  }

  private async start(): Promise<Worker> {
    // Loaded here first: sharp's shared libraries then stay loaded whatever the worker does
    // (sharp's advice for worker threads), and GET /metrics reads its counters from here.
    await loadSharp();
    const worker = this.startThread();
    worker.on('message', (reply: ImageReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) =>
      this.fail(worker, new Error(`the image thread exited with code ${code}`)),
    );
    // Idle, it never keeps the process alive (listeners first: adding one refs it again).
    worker.unref();
    this.current = worker;
    return worker;
  }

  private settle(reply: ImageReply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.current?.unref();
    if ('image' in reply) {
      // Structured clone gives the bytes back as Uint8Arrays.
      const { data, lookalike } = reply.image;
      const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      job.resolve({
        ...reply.image,
        data: data && asBuffer(data),
        lookalike: lookalike && { ...lookalike, fingerprint: asBuffer(lookalike.fingerprint) },
      });
    } else if ('problem' in reply) job.reject(new InvalidImageError(reply.problem));
    else job.reject(new Error(`image work failed: ${reply.error}`));
  }

  private fail(worker: Worker, error: Error): void {
    if (this.current !== worker) return;
    this.current = null;
    this.worker = null;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}

const imageThread = new ImageThread();

/**
 * The built server runs dist/image-worker.js beside dist/main.js (apps/server/build.mjs); the
 * sources (tests, `npm run dev`) run image-worker.ts through tsx's loader.
 */
export function startImageWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./image-worker.js', import.meta.url));
  const source = new URL('./image-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true },
  );
}
