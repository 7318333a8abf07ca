import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { i18nCatalogues } from './i18n-catalogues';
import { PREACT, PREACT_JSX } from './preact-aliases';

export default defineProject({
  plugins: [i18nCatalogues()],
  oxc: { jsx: PREACT_JSX },
  resolve: {
    alias: [
      ...PREACT,
      // No `exports` map: its ES module build, whose react-dom imports the aliases rewrite.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
    // ES module builds first: a CommonJS build (react-remove-scroll's `main`, under Radix's
    // dialog) would `require` React itself, and its components reach Preact as objects.
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'main'],
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // An unexpected console.error fails the test that caused it.
    setupFiles: ['./src/test/fail-on-console-error.ts', './src/test/i18n.ts'],
    // Every dependency goes through Vite instead of Node's loader, so the aliases above reach
    // the libraries' own React imports too.
    server: { deps: { inline: true } },
  },
});
