import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { imagePool } from './image-pool';
import { type OcrLine, readPayment, type ScreenshotReading } from './screenshot-text';

/**
 * The English model from npm (@tesseract.js-data/eng, its LSTM-only "best_int" cut, 2.9 MB):
 * read from node_modules, and cached nowhere else, so nothing is fetched or written at run time.
 */
const require = createRequire(import.meta.url);
/** A reading thread with nothing to read for this long stops, giving its memory back. */
const IDLE_STOP_MS = 60_000;

const MODEL_DIR = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/**
 * Reads payment screenshots (issue 54 item 5). tesseract.js runs Tesseract (WebAssembly) on a
 * worker thread of its own, started by a reading and stopped when idle; if it fails, the next
 * reading starts another. Every reading takes a slot of the image
 * pool (lib/image-pool.ts `runInBackground`): at most IMAGE_CONCURRENCY image jobs of any kind
 * run at once, and a reading never makes an upload wait.
 */
class ScreenshotReader {
  private worker: Promise<Worker> | null = null;
  private reading = 0;
  private idle: NodeJS.Timeout | null = null;

  /**
   * The amount and the reference `image` (a stored, re-encoded screenshot) shows. The thread
   * (~140 MB with its model) stops after IDLE_STOP_MS without a reading, and starts again with
   * the next (about a second of CPU).
   */
  async read(image: Buffer): Promise<ScreenshotReading> {
    this.reading += 1;
    if (this.idle) clearTimeout(this.idle);
    try {
      return await imagePool.runInBackground(async () => readPayment(await this.lines(image)));
    } finally {
      this.reading -= 1;
      if (this.reading === 0) {
        this.idle = setTimeout(() => void this.stop(), IDLE_STOP_MS);
        this.idle.unref();
      }
    }
  }

  /** Every word OCR finds in `image`, by line, with its glyphs' widths. */
  async lines(image: Buffer): Promise<OcrLine[]> {
    const worker = await this.start();
    try {
      const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
      return (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.map((line) => ({
            words: line.words.map((word) => ({
              text: word.text,
              height: word.bbox.y1 - word.bbox.y0,
              symbols: word.symbols.map((symbol) => ({ text: symbol.text, width: symbol.bbox.x1 - symbol.bbox.x0 })),
            })),
          })),
        ),
      );
    } catch (error) {
      this.worker = null;
      void worker.terminate().catch(() => {});
      throw error;
    }
  }

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: MODEL_DIR,
        cachePath: MODEL_DIR,
        cacheMethod: 'readOnly',
        gzip: true,
      });
      // One column of lines (a receipt): the automatic layout missed an app's headline amount.
      // A screenshot has no resolution of its own: a fixed one, not Tesseract's guess (and its log line).
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_COLUMN, user_defined_dpi: '300' });
      return worker;
    })().catch((error: unknown) => {
      this.worker = null;
      throw error;
    });
    return this.worker;
  }

  /** Stops the thread (idle, the server's close, scripts); the next reading starts another. */
  async stop(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }
}

export const screenshotReader = new ScreenshotReader();
