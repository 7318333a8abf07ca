// How node runs the server in production. deploy/Dockerfile's CMD and package.json's `start`
// and `serve` pass the same flags (apps/server/test/node-flags.test.ts checks), and so do the
// tools that measure the built server (bench, scale-out, e2e).
//
// `--initial-old-space-size=128` (decision 029): V8 sets the old generation's limit at ~1.2×
// the live heap (34 of ~41 MiB in a deposit row) and starts marking as soon as the room left is
// smaller than its young generation, which is at once, so a server under uploads marked and
// compacted its whole heap every ~0.5 s. With the limit held at 128 MiB it does so a few times
// a row. Two servers alternated under one deposit load (docs/performance.md): 0.34 ms less of
// the main thread and 1.4 ms less of the process a deposit; the cost is up to ~90 MiB more heap
// before a collection.
//
// Not taken: `--max-semi-space-size=32` (a young generation of 32 MiB semi-spaces instead of
// 16) once cut a staff page's server CPU by a fifth; by 2026-11-27 the pages made less garbage
// and it read within the noise, for a higher peak RSS; `=64` alternated with the default under
// deposits read 0.07 ms less (2026-11-29), within the harness's bias.
/** @type {string[]} */
export const SERVER_NODE_FLAGS = ['--initial-old-space-size=128'];
