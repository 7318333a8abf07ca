import staffAccountEn from '@iddesk/contract/i18n/en/staffAccount.json';
import { staffCatalogue } from '../../staff';

/** The account's staff pages: users, a user, their ledger, staff accounts. */
export const accountStaff = staffCatalogue('staffAccount', staffAccountEn);
