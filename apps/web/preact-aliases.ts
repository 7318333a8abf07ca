/**
 * React's API on Preact (decision 013): the build (vite.config.ts) and the component tests
 * (vitest.config.ts) resolve React's packages to preact/compat, so the components, the
 * libraries and the tests all run on the runtime that ships.
 */
export const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];
