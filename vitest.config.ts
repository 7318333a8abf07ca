import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's 2 cores,
    // and that worker leaves the second core idle while it waits on PostgreSQL, a server
    // process it started, or argon2 and sharp in libuv's threads. Two at least, more where
    // there are more cores. Files never share state: each has its own database, data dir
    // and ports (test/helpers).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          // `*.pg.test.ts` test what exists only on PostgreSQL; they run in the PostgreSQL pass
          // (TEST_DATABASE_URL set) instead of being skipped in the PGlite one.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['test/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
