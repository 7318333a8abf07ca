import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
