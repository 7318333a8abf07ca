import idsCatalogueEn from '@iddesk/contract/i18n/en/idsCatalogue.json';
import { catalogue } from '../../lib/i18n';

/**
 * The create-ID list's words (a guest's first page), apart from the other ID pages' (i18n.ts)
 * so that a guest's first load carries only these (issue 8 budget).
 */
export const idsCatalogueText = catalogue('idsCatalogue', idsCatalogueEn);
