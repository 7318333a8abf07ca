import { keyedMessages } from '../../lib/i18n-keyed';

/** The staff area's Hindi (`staff*` namespaces), one chunk loaded with the area in Hindi. */
export const messages = keyedMessages(
  import.meta.glob<Record<string, unknown>>('../../../../../packages/contract/src/i18n/hi/staff*.json', {
    eager: true,
    import: 'default',
  }),
);
