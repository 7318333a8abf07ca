import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The contract's catalogues: `packages/contract/src/i18n/<locale>/<namespace>.json`. */
const CATALOGUE = /[\\/]packages[\\/]contract[\\/]src[\\/]i18n[\\/](en|hi)[\\/][\w-]+\.json$/;

/**
 * Compiles the catalogues' ICU MessageFormat to Lingui's compiled form as they are imported
 * (issue 18, decision 019), so the browser needs no message parser: Lingui's production runtime
 * only interpolates. The result is still JSON, left to Vite's JSON plugin. Dev server, build and
 * component tests all use it (vite.config.ts, vitest.config.ts).
 */
export function i18nCatalogues(): Plugin {
  return {
    name: 'iddesk-i18n-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?')[0]!)) return null;
      const source = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
