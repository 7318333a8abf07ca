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
