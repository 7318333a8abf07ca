import walletEn from '@iddesk/contract/i18n/en/wallet.json';
import { catalogue } from '../../lib/i18n';

/** The customer's wallet pages' words (add funds, withdraw, transactions, payment pieces). */
export const walletText = catalogue('wallet', walletEn);
