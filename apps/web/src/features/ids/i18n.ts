import idsEn from '@iddesk/contract/i18n/en/ids.json';
import { catalogue } from '../../lib/i18n';

/** The customer's ID pages' words (request, my IDs, deposit, withdraw, close, demo IDs). */
export const idsText = catalogue('ids', idsEn);
