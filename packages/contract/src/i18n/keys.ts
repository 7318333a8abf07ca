import type account from './en/account.json';
import type api from './en/api.json';
import type auth from './en/auth.json';
import type common from './en/common.json';
import type ids from './en/ids.json';
import type idsCatalogue from './en/idsCatalogue.json';
import type idsDemo from './en/idsDemo.json';
import type mail from './en/mail.json';
import type media from './en/media.json';
import type notices from './en/notices.json';
import type notifications from './en/notifications.json';
import type offline from './en/offline.json';
import type reviews from './en/reviews.json';
import type site from './en/site.json';
import type sound from './en/sound.json';
import type staff from './en/staff.json';
import type staffAccount from './en/staffAccount.json';
import type staffContent from './en/staffContent.json';
import type staffDesk from './en/staffDesk.json';
import type staffIds from './en/staffIds.json';
import type staffWallet from './en/staffWallet.json';
import type telegram from './en/telegram.json';
import type validation from './en/validation.json';
import type wallet from './en/wallet.json';

/**
 * The catalogues, one JSON file per namespace and language in `i18n/<locale>/<namespace>.json`.
 * `api`, `notices`, `mail` and `telegram` are the server's (answers, notifications, mail, the
 * Telegram bot's messages); `offline` is the service worker's offline page, built into it at
 * build time (apps/web/offline-page.ts); `validation` holds
 * the contract's zod messages, read by both sides; the rest are the web's, one per area, the
 * staff area's named `staff…` (they load with it, never with a customer's page).
 */
export type Catalogues = {
  account: typeof account;
  api: typeof api;
  auth: typeof auth;
  common: typeof common;
  ids: typeof ids;
  idsCatalogue: typeof idsCatalogue;
  idsDemo: typeof idsDemo;
  mail: typeof mail;
  media: typeof media;
  notices: typeof notices;
  notifications: typeof notifications;
  offline: typeof offline;
  reviews: typeof reviews;
  site: typeof site;
  sound: typeof sound;
  staff: typeof staff;
  staffAccount: typeof staffAccount;
  staffContent: typeof staffContent;
  staffDesk: typeof staffDesk;
  staffIds: typeof staffIds;
  staffWallet: typeof staffWallet;
  telegram: typeof telegram;
  validation: typeof validation;
  wallet: typeof wallet;
};
export type Namespace = keyof Catalogues;

/** A key of one namespace's catalogue. */
export type KeyOf<N extends Namespace> = Extract<keyof Catalogues[N], string>;

/** Every message's full key: `<namespace>.<key>`, e.g. `api.notFound`. */
export type MessageKey = { [N in Namespace]: `${N}.${KeyOf<N>}` }[Namespace];
