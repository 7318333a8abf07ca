/**
 * React's API on Preact (decisions 013 and 016): the dev server, the build (vite.config.ts) and
 * the component tests (vitest.config.ts) all resolve React's packages to preact/compat, so the
 * components, the libraries and the tests run on the one runtime that ships.
 */
export const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/** Our JSX compiles straight to Preact's automatic runtime (Oxc, Vite's transformer). */
export const PREACT_JSX = { runtime: 'automatic', importSource: 'preact' } as const;
