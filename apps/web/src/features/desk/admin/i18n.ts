import staffDeskEn from '@iddesk/contract/i18n/en/staffDesk.json';
import { staffCatalogue } from '../../staff';

/** The desk's words: the dashboard and the audit trail. */
export const deskText = staffCatalogue('staffDesk', staffDeskEn);
