import authEn from '@iddesk/contract/i18n/en/auth.json';
import { catalogue } from '../../lib/i18n';

/** The sign-in pages' words (login, register, forgot and reset password). */
export const auth = catalogue('auth', authEn);
