import accountEn from '@iddesk/contract/i18n/en/account.json';
import { catalogue } from '../../lib/i18n';

/** The account pages' words (profile, password, two-step sign-in, sessions). */
export const account = catalogue('account', accountEn);
