import mediaEn from '@iddesk/contract/i18n/en/media.json';
import { catalogue } from '../../lib/i18n';

/** The media pages' words. */
export const mediaText = catalogue('media', mediaEn);
