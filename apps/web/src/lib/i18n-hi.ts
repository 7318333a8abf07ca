import { DATE_WORDS, setDateWords } from '@iddesk/contract';
import { currentLocale } from './i18n';
import { keyedMessages } from './i18n-keyed';

/**
 * Every Hindi catalogue of the customer site, in one chunk that loads only when Hindi is chosen
 * (lib/i18n.ts): keys are `<namespace>.<key>`. The server's own namespaces (its answers,
 * notifications and mail) are written by the server and are left out, and the staff area's
 * (`staff*`) load with it (features/staff/i18n.ts).
 */
export const messages = keyedMessages(
  import.meta.glob<Record<string, unknown>>(
    ['../../../../packages/contract/src/i18n/hi/*.json', '!**/{api,mail,notices}.json', '!**/staff*.json'],
    { eager: true, import: 'default' },
  ),
);

// Dates (lib/money.ts) follow the page's language too, with Hindi's month names: installed
// here, with the Hindi that loads only when chosen, so an English first load carries none of it.
setDateWords(() => (currentLocale() === 'hi' ? DATE_WORDS.hi : undefined));
