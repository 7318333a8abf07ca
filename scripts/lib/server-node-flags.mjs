// How node runs the server in production. deploy/Dockerfile's CMD and package.json's `start`
// and `serve` pass the same flags (apps/server/test/node-flags.test.ts checks), and so do the
// tools that measure the built server (bench, scale-out, e2e).
//
// --max-semi-space-size=32: V8's young generation may grow to 32 MiB semi-spaces (16 by
// default), so a busy server collects short-lived garbage (a request's rows, JSON, buffers)
// half as often and promotes less of it. Measured in `npm run bench` (docs/performance.md):
// the staff bills page's server CPU fell from 0.36–0.39 to 0.27–0.31 ms; idle RSS is the
// same (the space grows only under load), and the upload flood's peak stayed under its budget.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
