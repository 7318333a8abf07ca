// Issue 18 (English and Hindi): the code whose user-visible text is NOT in the catalogues yet,
// in one place. `npm run lint` holds everything else to the catalogues (eslint.config.js: no
// literal text in the web's JSX, no English message in the server's answers or the contract's
// schemas); these paths are spared until they are converted. Converting one = moving its text
// into packages/contract/src/i18n/{en,hi}/*.json and deleting its line here.

/** Web code still written in English (the staff pages, the money forms, the ID pages, …). */
export const WEB_NOT_YET_TRANSLATED = [
  'apps/web/src/features/*/admin/**',
  'apps/web/src/features/staff/**',
  'apps/web/src/features/queue-alerts/**',
  'apps/web/src/features/wallet/**',
  'apps/web/src/features/ids/**',
  'apps/web/src/app/layouts/admin-*.tsx',
  'apps/web/src/app/layouts/site-header.tsx',
  'apps/web/src/app/layouts/header-parts.tsx',
  'apps/web/src/app/routes/staff-route-page.tsx',
  'apps/web/src/components/ui/app-form.tsx',
  'apps/web/src/components/ui/data-list.tsx',
  'apps/web/src/components/ui/list-card.tsx',
  'apps/web/src/components/ui/decision-panel.tsx',
  'apps/web/src/components/ui/status-badge.tsx',
];

/** Server modules whose answers are still English (the queues and money calls). */
export const SERVER_NOT_YET_TRANSLATED = [
  'apps/server/src/modules/admin-users/**',
  'apps/server/src/modules/bills/**',
  'apps/server/src/modules/catalogue/**',
  'apps/server/src/modules/desk/**',
  'apps/server/src/modules/id-requests/**',
  'apps/server/src/modules/ledger/**',
  'apps/server/src/modules/payment-types/**',
  'apps/server/src/modules/pending-items/**',
  'apps/server/src/modules/proof-reuse/**',
  'apps/server/src/modules/staff/**',
  'apps/server/src/modules/uploads/**',
  'apps/server/src/modules/user-ids/**',
  'apps/server/src/modules/withdrawals/**',
  'apps/server/src/lib/images.ts',
];

/** Contract files whose zod messages are still English text. */
export const CONTRACT_NOT_YET_TRANSLATED = [
  'packages/contract/src/admin-users.ts',
  'packages/contract/src/desk.ts',
  'packages/contract/src/idempotency.ts',
  'packages/contract/src/ids.ts',
  'packages/contract/src/ids-api.ts',
  'packages/contract/src/media.ts',
  'packages/contract/src/money.ts',
  'packages/contract/src/money-limits.ts',
  'packages/contract/src/payment-types.ts',
  'packages/contract/src/phone-numbers.ts',
  'packages/contract/src/site-settings.ts',
  'packages/contract/src/site-settings-values.ts',
  'packages/contract/src/staff.ts',
  'packages/contract/src/uploads.ts',
  'packages/contract/src/video-url.ts',
  'packages/contract/src/wallet.ts',
  'packages/contract/src/wallet-api.ts',
];

export const NOT_YET_TRANSLATED = [
  ...WEB_NOT_YET_TRANSLATED,
  ...SERVER_NOT_YET_TRANSLATED,
  ...CONTRACT_NOT_YET_TRANSLATED,
];
