/**
 * The page's translator, installed as the app installs it (main.tsx imports lib/i18n.ts): the
 * contract's zod messages are catalogue keys written out through it, so a unit test of a form
 * schema reads the same English as the page rather than a bare key.
 */
import '../lib/i18n';
