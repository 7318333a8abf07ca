import idsDemoEn from '@iddesk/contract/i18n/en/idsDemo.json';
import { catalogue } from '../../lib/i18n';

/**
 * The demo IDs page's words and a login's labels (credential-list), apart from the other ID
 * pages' (i18n.ts): the demo page shares the `kit` chunk of a guest's first load, which would
 * otherwise carry every ID page's English (issue 8 budget).
 */
export const idsDemoText = catalogue('idsDemo', idsDemoEn);
