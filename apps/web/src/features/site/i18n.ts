import siteEn from '@iddesk/contract/i18n/en/site.json';
import { catalogue } from '../../lib/i18n';

/** The site pages' words. */
export const siteText = catalogue('site', siteEn);
