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
import type { I18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { formatEnglish } from './i18n-english';

/**
 * The page's language (issue 18, decision 019). Messages are Lingui's, compiled at build time
 * (i18n-catalogues.ts). English is the source: every call passes its English message, from the
 * namespace file the calling code imports, so a page carries only its own English and needs no
 * catalogue to load. Hindi is one lazy chunk — its catalogue and Lingui's runtime, which formats
 * it by Hindi's plural rules — fetched only when chosen; a key it lacks falls back to English.
 * English is formatted by i18n-english.ts, so an English visitor's first load does not carry
 * Lingui (its output is checked against Lingui's in i18n.test.ts).
 */
let locale: Locale = DEFAULT_LOCALE;
let lingui: I18n | null = null;
const listeners = new Set<() => void>();

/** `id`'s message in the page's language; `english` is its compiled English source. */
export function translateMessage(id: string, english: unknown, values?: MessageValues): string {
  if (locale !== DEFAULT_LOCALE && lingui) {
    return lingui._({ id, message: english as string | undefined, values });
  }
  return formatEnglish(english, values) ?? id;
}

// The contract's zod messages (forms' field errors) follow the page's language too.
setTranslator((key, values, english) => translateMessage(key, english, values));

/** Where a guest's choice is kept; an account's is kept on the server too. */
export const LOCALE_STORAGE_KEY = 'locale';

export const currentLocale = (): Locale => locale;

function readStored(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function store(next: Locale) {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, next);
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

/** The language being shown or about to be (set before its messages have loaded). */
let wanted: Locale = DEFAULT_LOCALE;

/** A lazy part's Hindi messages, keyed `<namespace>.<key>` like i18n-hi.ts's. */
export type HindiPart = { messages: Record<string, unknown> };
/** Lazy parts of the app with Hindi of their own (the staff area), and their loads once begun. */
const parts = new Map<() => Promise<HindiPart>, Promise<void> | null>();

let base: Promise<I18n> | null = null;

/** Lingui with the Hindi catalogue, loaded once, the first time Hindi is shown. */
function loadBase(): Promise<I18n> {
  base ??= Promise.all([import('@lingui/core'), import('./i18n-hi')]).then(
    ([{ setupI18n }, { messages }]) =>
      (lingui = setupI18n({ locale: 'hi', messages: { hi: messages as Parameters<I18n['load']>[1] } })),
  );
  base.catch(() => {
    base = null;
  });
  return base;
}

/** One part's Hindi, added to Lingui's (once). */
function loadPart(load: () => Promise<HindiPart>): Promise<void> {
  let done = parts.get(load);
  if (!done) {
    done = Promise.all([loadBase(), load()]).then(([i18n, part]) => {
      i18n.load('hi', part.messages as Parameters<I18n['load']>[1]);
    });
    done.catch(() => parts.set(load, null));
    parts.set(load, done);
  }
  return done;
}

/** Hindi with every part of the app registered so far. */
async function loadHindi(): Promise<void> {
  await Promise.all([loadBase(), ...[...parts.keys()].map(loadPart)]);
}

/**
 * A lazy part of the app whose Hindi loads with it rather than with the rest (decision 019):
 * the staff area's catalogues, which a customer choosing Hindi never downloads. Called when the
 * part's code loads; its Hindi loads now if Hindi is shown, else when it is chosen.
 */
export function addHindi(load: () => Promise<HindiPart>): void {
  if (!parts.has(load)) parts.set(load, null);
  if (wanted !== DEFAULT_LOCALE) void loadPart(load).catch(() => undefined);
}

/**
 * Resolves once the messages of the language being shown are in, the lazy parts' included:
 * a route awaits it after loading a part, so the part never shows in English first.
 */
export async function languageReady(): Promise<void> {
  // A part whose Hindi cannot load shows in English rather than not at all.
  if (wanted !== DEFAULT_LOCALE) await loadHindi().catch(() => undefined);
}

/**
 * Shows the page in `next`: loads Hindi when needed (once), then every `useT()` re-renders,
 * `<html lang>` follows and API calls ask for it (Accept-Language).
 */
export async function activateLocale(next: Locale): Promise<void> {
  wanted = next;
  if (next !== DEFAULT_LOCALE) await loadHindi();
  // Chosen again meanwhile (English while Hindi loaded): the later choice wins.
  if (wanted !== next) return;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (locale === next) return;
  locale = next;
  for (const listener of listeners) listener();
}

/** The visitor's choice: kept in this browser and shown at once. */
export async function chooseLocale(next: Locale): Promise<void> {
  store(next);
  await activateLocale(next);
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/** Calls `onChange` each time the page's language changes; answers the unsubscribe. */
export const onLocaleChange = subscribe;

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
  const t: Translate<N> = (key, values) => translateMessage(`${namespace}.${key}`, source[key], values);
  return {
    t,
    useT(): Translate<N> {
      useLocale();
      return t;
    },
  };
}
