import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = './apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
/** Domains with a public surface (index.ts) other domains may import. */
const featureSurfaces = features.filter((f) => existsSync(`${featuresDir}/${f}/index.ts`));
/** A domain's customer code: everything but its staff part, admin/. */
const customerParts = (f) =>
  readdirSync(`${featuresDir}/${f}`)
    .filter((name) => name !== 'admin')
    .map((name) => `${featuresDir}/${f}/${name}`);
/** Staff code: a domain's admin/ folder, and features/staff (what several of them share). */
const staffParts = [
  ...features.filter((f) => existsSync(`${featuresDir}/${f}/admin`)).map((f) => `${featuresDir}/${f}/admin`),
  ...features.filter((f) => f === 'staff').map((f) => `${featuresDir}/${f}`),
];

const serverSrc = './apps/server/src';
const modulesDir = `${serverSrc}/modules`;
const serverModules = existsSync(modulesDir)
  ? readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const serverOutsideModules = existsSync(serverSrc)
  ? readdirSync(serverSrc).filter((name) => name !== 'modules').map((name) => `${serverSrc}/${name}`)
  : [];

/** Text a person reads, where a literal would be English only (issue 18). */
const message = (text) => `${text}: write it in packages/contract/src/i18n/{en,hi}/*.json and use its key (docs/decisions/019-i18n.md).`;
/** A string or template literal with a space in it: a sentence, not a code or a name. */
const TEXT = ':matches(Literal[value=/\\s/], TemplateLiteral)';
const APP_ERRORS = '/^(App|BadRequest|Unauthenticated|Forbidden|SecondFactorRequired|NotFound|Conflict|Validation|RateLimited|ServiceUnavailable)Error$/';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      '.tmp/**',
      // openapi-typescript's output (npm run openapi:types).
      'apps/server/test/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web slices by domain (ARCHITECTURE.md "Web"): a domain imports another only through its
      // index.ts, customer code never imports staff code (a domain's admin/, features/staff),
      // and app/ composes the domains' pages.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `${featuresDir}/${f}`,
              from: featuresDir,
              except: [`./${f}`, ...featureSurfaces.filter((o) => o !== f).map((o) => `./${o}/index.ts`)],
              message: 'Import another domain through its index.ts.',
            })),
            ...features
              // A staff-only domain (desk: the dashboard and the audit trail) has no customer code.
              .filter((f) => f !== 'staff' && customerParts(f).length > 0)
              .map((f) => ({
                target: customerParts(f),
                from: staffParts,
                message: 'Customer code does not import staff code (admin/, features/staff).',
              })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
          ],
        },
      ],
    },
  },
  {
    // The web never imports server code, the server never imports web code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@iddesk/server', '**/apps/server/**'] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@iddesk/web', '**/apps/web/**'] }] },
  },
  {
    // A server module's index.ts is its public surface: the rest of the server imports a
    // module through it, never its files, and modules do not import each other in a circle
    // (ARCHITECTURE.md "Server modules"); app.ts mounts their routes.ts. Tests may reach inside.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parsed as TypeScript so no-cycle can follow the imports of the files it reaches.
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverModules.flatMap((m) => [
            {
              target: [
                ...serverOutsideModules.filter((path) => path !== `${serverSrc}/app.ts`),
                ...serverModules.filter((other) => other !== m).map((other) => `${modulesDir}/${other}`),
              ],
              from: `${modulesDir}/${m}`,
              except: ['./index.ts'],
              message: `Import the ${m} module through its index.ts.`,
            },
            {
              // app.ts, the composition root, also mounts each module's routes.
              target: `${serverSrc}/app.ts`,
              from: `${modulesDir}/${m}`,
              except: ['./index.ts', './routes.ts', './admin-routes.ts'],
              message: `app.ts takes the ${m} module's routes.ts or index.ts.`,
            },
          ]),
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Configuration is read in one place (ARCHITECTURE.md "Server"): the env module parses
    // process.env with zod and the rest of the server receives EnvConfig. Tests and scripts
    // start processes with their own environments and may read and write it.
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in apps/server/src/config/env.ts.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@iddesk/web', '**/apps/web/**'],
          paths: [
            ...['process', 'node:process'].map((name) => ({
              name,
              importNames: ['env'],
              message: 'Read configuration in apps/server/src/config/env.ts.',
            })),
            // An async context turns V8's promise hooks on for every promise of every call
            // (decision 025): text waits for the answer (lib/i18n.ts `t`), values are passed.
            ...['async_hooks', 'node:async_hooks'].map((name) => ({
              name,
              importNames: ['AsyncLocalStorage', 'createHook'],
              message: 'No async context on the server: decision 025.',
            })),
            { name: '@fastify/request-context', message: 'No async context on the server: decision 025.' },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules where promises and types matter most: the shipped code. Tests, scripts
    // and config files keep the syntax-only rules so that linting stays quick. require-await
    // stays off: Fastify plugins, hooks and handlers are async by contract, await or not.
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // react-hook-form's handleSubmit hands JSX an async handler by design; everywhere else a
      // promise passed where nothing awaits it is an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      // A React Router loader throws its redirect (a Response).
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-duplicate-type-constituents': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
      '@typescript-eslint/unbound-method': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Issue 18: the web's converted code shows no literal text; every word comes from the
    // catalogues through `catalogue(…).useT()` (lib/i18n.ts).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'should-validate-template': true,
          message: message('Visible text'),
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'alt',
              'title',
              'placeholder',
              'label',
              'legend',
              'description',
              'hint',
              'what',
              'confirmLabel',
              'cancelLabel',
              'discardLabel',
              'backLabel',
              'loadingLabel',
              'pagesLabel',
              // The staff pieces' texts (issue 18 phase 2a).
              'heading',
              'intro',
              'button',
              'subject',
              'consequence',
              'caption',
              'filteredTitle',
              'referenceLabel',
              'badgeLabel',
              'approveEffect',
            ],
          },
          // Digits, punctuation and signs (a phone example, ©, ₹), codes, single letters.
          words: { exclude: ['[0-9 !-/:-@[-`{-~·–—…₹©]+', '[A-Z_-]+', '[a-z]'] },
          'object-properties': { exclude: ['rel', 'target'] },
        },
      ],
    },
  },
  {
    // Issue 18: the server's answers are keyed — error and success messages are written with
    // `t('api.…')` (lib/i18n.ts), in the language of the call.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      // Operator text, read in the log or a terminal, not by customers or staff on a page.
      'apps/server/src/cli/**',
      'apps/server/src/config/**',
      'apps/server/src/modules/app-key/**',
      'apps/server/src/modules/demo-seed/**',
      'apps/server/src/modules/users/bootstrap-admin.ts',
      'apps/server/src/plugins/app/web-app.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `NewExpression[callee.name=${APP_ERRORS}] > ${TEXT}.arguments`, message: message('An error message') },
        { selector: `CallExpression[callee.property.name='field'] > ${TEXT}.arguments`, message: message('A field error') },
        { selector: `Property[key.name='message'] > ${TEXT}.value`, message: message('A message') },
        { selector: `VariableDeclarator[id.name=/MESSAGE$/] > ${TEXT}.init`, message: message('A message') },
      ],
    },
  },
  {
    // Issue 18: the contract's zod messages are keys, `msg('validation.…')`, so a form and the
    // server both say them in the reader's language.
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression:not([callee.property.name=/^(describe|meta)$/]) > ${TEXT}.arguments`,
          message: message('A validation message'),
        },
        { selector: `Property[key.name=/^(message|error)$/] > ${TEXT}.value`, message: message('A validation message') },
        { selector: `VariableDeclarator[id.name=/MESSAGE$/] > ${TEXT}.init`, message: message('A message') },
      ],
    },
  },
);
