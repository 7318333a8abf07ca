import { API, type Locale, type User } from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** `POST /user/locale`: the account's language, for every browser and for its notifications. */
export const updateLocale = (locale: Locale) =>
  apiRequest<User>(API.updateLocale, { method: 'POST', body: { locale } });
