import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
