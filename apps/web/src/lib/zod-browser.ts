// The web build resolves `zod` to this module (vite.config.ts `resolve.alias`), so the
// setting below runs before any contract schema is created. zod's compiled parsers probe for
// eval with `new Function` when an object schema is created; our CSP (script-src 'self')
// refuses it and Chrome reports a violation on every page with a form. The plain parsers are
// fast enough for forms.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
