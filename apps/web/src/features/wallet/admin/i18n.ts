import staffWalletEn from '@iddesk/contract/i18n/en/staffWallet.json';
import { staffCatalogue } from '../../staff';

/** The wallet's staff pages: bills, withdrawals, payment types. */
export const walletStaff = staffCatalogue('staffWallet', staffWalletEn);
