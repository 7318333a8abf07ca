import {
  type Catalogues,
  DEFAULT_LOCALE,
  isLocale,
  type KeyOf,
  type Locale,
  matchLocale,
  type MessageValues,
  type Namespace,
  setTranslator,
} from '@iddesk/contract';
import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';

/**
 * The page's language (issue 18, decision 018): Lingui's runtime with English as the source.
 * English is never loaded as a catalogue: every call passes its English message, compiled at
 * build time (i18n-catalogues.ts), from the namespace file the calling code imports, so a
 * page carries only its own English. Hindi is one lazy chunk (i18n-hi.ts), fetched only when
 * chosen; a key it lacks falls back to the English message.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

// The contract's zod messages (forms' field errors) follow the page's language too.
setTranslator((key, values, english) =>
  i18n._({ id: key, message: english as string | undefined, values }),
);

/** Where a guest's choice is kept; an account's is kept on the server too. */
export const LOCALE_STORAGE_KEY = 'locale';

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Record<string, unknown> }>> = {
  hi: () => import('./i18n-hi'),
};
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

function readStored(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function store(locale: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page.
  }
}

/** A first visit follows the browser's languages; after that, the stored choice. */
export function initialLocale(): Locale {
  if (typeof navigator === 'undefined') return readStored() ?? DEFAULT_LOCALE;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return readStored() ?? matchLocale(browser) ?? DEFAULT_LOCALE;
}

/**
 * Shows the page in `locale`: loads its catalogue when it is not English (once), then every
 * `useT()` re-renders, `<html lang>` follows and API calls ask for it (Accept-Language).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale) && locale !== 'en') {
    const { messages } = await LOADERS[locale]();
    i18n.load(locale, messages as Parameters<typeof i18n.load>[1]);
    loaded.add(locale);
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The visitor's choice: kept in this browser and shown at once. */
export async function chooseLocale(locale: Locale): Promise<void> {
  store(locale);
  await activateLocale(locale);
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The page's language; re-renders the caller when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

export type Translate<N extends Namespace> = (key: KeyOf<N>, values?: MessageValues) => string;

/**
 * One namespace's messages for the code that imports its English file:
 * `const auth = catalogue('auth', authEn)`, then `auth.t('login.title')` (toasts, titles) or,
 * in a component, `const t = auth.useT()` (re-renders on a change of language).
 */
export function catalogue<N extends Namespace>(namespace: N, english: Catalogues[N]) {
  const source = english as Record<string, unknown>;
  const t: Translate<N> = (key, values) =>
    i18n._({ id: `${namespace}.${key}`, message: source[key] as string | undefined, values });
  return {
    t,
    useT(): Translate<N> {
      useLocale();
      return t;
    },
  };
}
