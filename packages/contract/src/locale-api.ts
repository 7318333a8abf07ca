import { z } from 'zod';
import { LOCALES } from './i18n/locales';

export const LocaleSchema = z.enum(LOCALES);

/** `POST /user/locale`: the language the account reads the site, notifications and mail in. */
export const UpdateLocaleBodySchema = z.strictObject({ locale: LocaleSchema });
export type UpdateLocaleBody = z.input<typeof UpdateLocaleBodySchema>;
