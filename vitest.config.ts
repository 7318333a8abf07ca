import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers on CI's 2 cores: an API test spends most of its time waiting (on argon2's
    // threads, PostgreSQL, timers), so a second file fits beside it.
    maxWorkers: 2,
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
          // One module graph per worker instead of per file: importing the app again for each
          // of ~80 files cost ~1 s apiece. Nothing in the server keeps module state a later file
          // could trip on (every app is built by its test, caches hang off it); both passes
          // pass this way in any order.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
