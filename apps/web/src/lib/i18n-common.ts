import commonEn from '@iddesk/contract/i18n/en/common.json';
import { catalogue } from './i18n';

/** The shell's words (menus, layouts, shared pieces, page titles, error pages): in the entry. */
export const common = catalogue('common', commonEn);
