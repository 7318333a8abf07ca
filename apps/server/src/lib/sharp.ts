import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) on first use. Loading it adds about 27 MB to the process, and most of a
 * server's life is answering the poll, where the issue 8 budget is 300 MB RSS in all.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
