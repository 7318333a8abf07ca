import { ServiceUnavailableError } from '../errors/app-errors';
import { t } from './i18n';

/**
 * Image work under control (issue 19). sharp runs each image on one of libuv's worker
 * threads (4 by default), the same threads argon2 (login) and file reads use; libvips then
 * spreads the pixels over its own threads. Unbounded, 30 parallel uploads filled libuv's
 * pool, made a login wait seconds and grew the process to 1 GB. So:
 * - at most `IMAGE_CONCURRENCY` images are checked or encoded at once (one libuv thread of
 *   four; the other three stay for argon2 and file reads), libvips at one thread per image;
 * - at most `IMAGE_QUEUE_LIMIT` more wait; beyond that the call is a 503 with Retry-After,
 *   before anything is stored;
 * - at most `IMAGE_READ_LIMIT` uploads are read into memory at once (multipart); another
 *   upload is refused (503) before its bytes are buffered.
 * Memory held by uploads is then at most (reads + queued + running) × 5 MB plus the pixels
 * of the running images, whatever arrives.
 * Work after the answer (a bill's screenshot read by OCR, issue 54 item 5) takes the same slots
 * through `runInBackground`: it waits without limit, holding no bytes while it waits, and gets a
 * slot only when no upload is waiting for one, so it never makes an upload wait longer or be refused.
 */
export const IMAGE_CONCURRENCY = 1;
export const IMAGE_QUEUE_LIMIT = 8;
export const IMAGE_READ_LIMIT = 8;
/** About how long the queue takes to drain at its longest (a maximum-size image ~1 s). */
export const IMAGE_RETRY_AFTER_SECONDS = 10;


export function imageBusyError(): ServiceUnavailableError {
  return new ServiceUnavailableError(t('api.imagesBusy'), IMAGE_RETRY_AFTER_SECONDS);
}

type Waiter = () => void;

/** A fixed number of running jobs and a bounded queue of waiting ones. */
export class BoundedPool {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly background: Waiter[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  /** Run `job` when a slot is free; throws the 503 at once when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw imageBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    return this.holding(job);
  }

  /**
   * Run `job` when a slot is free and no `run` waits for one; never refused. For work after
   * the answer, whose caller reads its bytes inside `job`.
   */
  async runInBackground<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency || this.waiting.length > 0) {
      await new Promise<void>((resolve) => this.background.push(resolve));
    } else {
      this.running += 1;
    }
    return this.holding(job);
  }

  private async holding<T>(job: () => Promise<T>): Promise<T> {
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiter, uploads first, so `running` stays as it is.
      const next = this.waiting.shift() ?? this.background.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  counts(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  /** Jobs after the answer waiting for a slot. */
  backgroundWaiting(): number {
    return this.background.length;
  }

  /** Every slot running and the queue full: the next job would be refused. */
  full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueLimit;
  }
}

/** Process-wide, as libuv's pool is. */
export const imagePool = new BoundedPool(IMAGE_CONCURRENCY, IMAGE_QUEUE_LIMIT);

let reading = 0;

/**
 * Take one of the upload-reading slots for the time `read` buffers a file; 503 when all are
 * taken, or when the image queue is already full (the file would only be refused once read):
 * either way the bytes are never read. Under a flood of uploads this keeps a refused one
 * cheap, so sign-ins and page loads keep their share of the CPU.
 */
export async function whileReadingUpload<T>(read: () => Promise<T>): Promise<T> {
  if (reading >= IMAGE_READ_LIMIT || imagePool.full()) throw imageBusyError();
  reading += 1;
  try {
    return await read();
  } finally {
    reading -= 1;
  }
}

export function uploadsBeingRead(): number {
  return reading;
}
