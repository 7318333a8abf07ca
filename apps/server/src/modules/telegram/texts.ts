import {
  DEFAULT_LOCALE,
  formatRupees,
  type Locale,
  LOCALES,
  type MessageKey,
  type MessageValues,
  ROUTES,
  type StaffPermission,
} from '@iddesk/contract';
import type { TelegramQueue } from '../../db/schema';
import { translateIn } from '../../lib/i18n';
import type { AlertItem, Texts } from './repository';

/** Telegram's limit on one message's text. */
const TEXT_LIMIT = 4096;

/** A message written in every language; the recipient's language picks one when it is sent. */
export function inEveryLanguage(write: (locale: Locale) => string): Texts {
  return Object.fromEntries(LOCALES.map((locale) => [locale, write(locale)])) as Texts;
}

/** Catalogue messages (`telegram.*`), one paragraph each, in every language. */
export const say = (...parts: [MessageKey, MessageValues?][]): Texts =>
  inEveryLanguage((locale) => parts.map(([key, values]) => translateIn(locale, key, values)).join('\n\n'));

/** The same, written in one language only: an answer to a chat with no account behind it. */
export const sayIn = (locale: Locale, ...parts: [MessageKey, MessageValues?][]): Texts => {
  const text = say(...parts)[locale];
  return inEveryLanguage(() => text);
};

/** The language Telegram says the person uses (`language_code`), if it is one of ours. */
export function localeOfTelegramUser(code: string | undefined): Locale {
  const lower = code?.toLowerCase() ?? '';
  return LOCALES.find((locale) => lower === locale || lower.startsWith(`${locale}-`)) ?? DEFAULT_LOCALE;
}

/** What is sent: the text in `locale`, then the page it points to as a full URL. */
export function messageText(texts: Texts, locale: Locale | null, link: string | null, appUrl: string): string {
  const text = texts[locale ?? DEFAULT_LOCALE] ?? texts[DEFAULT_LOCALE];
  return `${text}${link ? `\n${appUrl}${link}` : ''}`.slice(0, TEXT_LIMIT);
}

/**
 * What a staff role needs to be told of a new item in each queue: what it needs to see the
 * queue (plugins/app/staff-permissions.ts gives its lists `queues.read`).
 */
export const ALERT_PERMISSION: Record<TelegramQueue, StaffPermission> = {
  bills: 'queues.read',
  withdrawals: 'queues.read',
  requests: 'queues.read',
  new_ids: 'queues.read',
};

const ITEM_PAGE: Record<TelegramQueue, (id: number) => string> = {
  bills: ROUTES.adminBill,
  withdrawals: ROUTES.adminWithdraw,
  requests: ROUTES.adminRequest,
  new_ids: ROUTES.adminNewId,
};

/** A queue alert: which queue, the item's number and amount (nothing about the customer). */
export function alertMessage(item: AlertItem): { texts: Texts; link: string } {
  return {
    texts: say([
      'telegram.alert',
      { queue: item.queue, id: item.id, amount: item.amount === null ? 'none' : formatRupees(item.amount) },
    ]),
    link: ITEM_PAGE[item.queue](item.id),
  };
}
