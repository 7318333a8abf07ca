import type { Locale } from './locales';
import type { Namespace } from './keys';
import apiEn from './en/api.json' with { type: 'json' };
import mailEn from './en/mail.json' with { type: 'json' };
import noticesEn from './en/notices.json' with { type: 'json' };
import telegramEn from './en/telegram.json' with { type: 'json' };
import validationEn from './en/validation.json' with { type: 'json' };
import apiHi from './hi/api.json' with { type: 'json' };
import mailHi from './hi/mail.json' with { type: 'json' };
import noticesHi from './hi/notices.json' with { type: 'json' };
import telegramHi from './hi/telegram.json' with { type: 'json' };
import validationHi from './hi/validation.json' with { type: 'json' };

/** The namespaces the server writes text from: its answers, notifications, mail, the Telegram bot's messages, and zod's. */
export const SERVER_NAMESPACES = ['api', 'mail', 'notices', 'telegram', 'validation'] as const satisfies readonly Namespace[];
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

/**
 * The server's catalogues in every language, as ICU MessageFormat source text. The web imports
 * the JSON files one namespace at a time instead (`@iddesk/contract/i18n/<locale>/<ns>.json`),
 * so a page carries only its own English and Hindi loads only when chosen.
 */
export const SERVER_CATALOGUES: Record<Locale, Record<ServerNamespace, Record<string, string>>> = {
  en: { api: apiEn, mail: mailEn, notices: noticesEn, telegram: telegramEn, validation: validationEn },
  hi: { api: apiHi, mail: mailHi, notices: noticesHi, telegram: telegramHi, validation: validationHi },
};
