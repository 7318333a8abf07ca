import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;
let loaded: typeof Sharp | undefined;

/**
 * sharp (libvips) on first use. Loading it adds about 27 MB to the process, and most of a
 * server's life is answering the poll, where the issue 8 budget is 300 MB RSS in all.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => {
    // One libvips thread per image (the pool runs one image at a time, lib/image-pool.ts), so
    // an image takes one core of two at most; no operation cache: every upload is new bytes.
    m.default.concurrency(1);
    m.default.cache(false);
    loaded = m.default;
    return m.default;
  });
  return loading;
}

/**
 * libvips' own queue (GET /metrics): tasks waiting for a libuv worker thread, and images being
 * processed. Null until the first image loaded sharp; a scrape does not load it.
 */
export function sharpCounters(): { queue: number; process: number } | null {
  return loaded ? loaded.counters() : null;
}

/**
 * The nice value of libvips' threads (issue 19, sign-in under an upload flood). The pixels of
 * an image are decoded and encoded on libvips' own worker threads (named "libvips worker"),
 * not on libuv's, which argon2 (sign-in) and file reads share with sharp's short calls. At
 * nice 10 the kernel gives a busy core to a sign-in or the event loop first (weight 110
 * against 1 024), and to the image whenever nothing else wants it: uploads lose nothing on an
 * idle machine. On Linux the nice value is per thread, so the rest of the process keeps 0.
 */
export const IMAGE_THREAD_NICE = 10;

/** How often a scan reads every thread's name again (see lowerImageThreadPriority). */
const FULL_SCAN_EVERY_MS = 1_000;
/** The threads the last full scan saw, and when it ran. */
let atFullScan = new Set<string>();
let fullScanAt = -Infinity;

/**
 * Lower every libvips thread of this process to IMAGE_THREAD_NICE (Linux; elsewhere nothing).
 * libvips starts its threads as an image needs them, so the image pool calls this when a job
 * starts and ends, and every few milliseconds while it runs. A scan reads the name of each
 * thread the last full scan did not see; at most once a second it reads every thread's name
 * again, which matters: a thread seen before it named itself, or an id the kernel has since
 * given to a new libvips thread, would otherwise keep nice 0 (seen once in CI). Reading every
 * name at every job's start and end was a sixth of the image thread's CPU per deposit
 * (issue 19); after a full scan, a job's scans read only the listing.
 */
export function lowerImageThreadPriority(): void {
  if (process.platform !== 'linux') return;
  const now = performance.now();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  const full = now - fullScanAt >= FULL_SCAN_EVERY_MS;
  for (const entry of tids) {
    if (!full && atFullScan.has(entry)) continue;
    try {
      if (readFileSync(`/proc/self/task/${entry}/comm`, 'utf8').startsWith('libvips')) setPriority(Number(entry), IMAGE_THREAD_NICE);
    } catch {
      // The thread ended between the listing and now, or the whole process already runs at a
      // higher nice value.
    }
  }
  if (full) {
    atFullScan = new Set(tids);
    fullScanAt = now;
  }
}
