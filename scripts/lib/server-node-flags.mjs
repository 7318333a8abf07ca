// How node runs the server in production. deploy/Dockerfile's CMD and package.json's `start`
// and `serve` pass the same flags (apps/server/test/node-flags.test.ts checks), and so do the
// tools that measure the built server (bench, scale-out, e2e).
//
// None today: node's defaults. `--max-semi-space-size=32` (a young generation of 32 MiB
// semi-spaces instead of 16) once cut a staff page's server CPU by a fifth; by 2026-11-27 the
// pages made less garbage and, alternated in `npm run bench` on PostgreSQL, the staff bills
// page read 0.18 / 0.18 ms with it and 0.17 / 0.19 without, a keyed withdrawal 0.65 / 0.61
// and 0.61 / 0.62, while the upload flood's peak RSS read 497 / 456 MiB with it and 383 / 435
// without, and the poll's 184–251 against 151–211 (docs/performance.md).
/** @type {string[]} */
export const SERVER_NODE_FLAGS = [];
