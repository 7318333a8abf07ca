import { DATE_WORDS } from '@iddesk/contract';
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

/** Dates in Hindi: the months' Hindi names (the contract's display-time-words.ts). */
export const dateWords = DATE_WORDS.hi;
