// Plain values and helpers of the site settings, no zod: the web app's first load imports
// these (issue 8 size budget); the schemas are in site-settings.ts.
import type { SiteSettings } from './site-settings';

/**
 * Public site settings (issue 6): what the header, footer, contact page, floating buttons,
 * bottom bar and terms page show. Every field is a string; "" means "not set" and the client
 * hides whatever depends on it.
 */
export const SITE_NAME_MAX_LENGTH = 60;
export const TERMS_MAX_LENGTH = 20_000;
export const SOCIAL_URL_MAX_LENGTH = 300;
export const DEFAULT_SITE_NAME = 'ID Desk';

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'youtube', 'x'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What a fresh installation answers before an admin saves anything. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  site_name: DEFAULT_SITE_NAME,
  contact_phone: '',
  whatsapp: '',
  telegram: '',
  email: '',
  instagram: '',
  facebook: '',
  youtube: '',
  x: '',
  terms_text: '',
};

const digitsOf = (v: string) => v.replace(/\D/g, '');
const ONE_SPACE = ' ';

/** Digits, spaces, dashes, dots and brackets with an optional leading +; shown as typed. */
export function normalisePhone(v: string): string | null {
  if (!/^\+?[\d\s\-().]+$/.test(v)) return null;
  const n = digitsOf(v).length;
  return n >= 7 && n <= 15 ? v.replace(/\s+/g, ONE_SPACE) : null;
}

/** WhatsApp wants the international number as bare digits. */
export function normaliseWhatsapp(v: string): string | null {
  if (!/^\+?[\d\s\-().]+$/.test(v)) return null;
  const digits = digitsOf(v);
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** "@name", "name", "t.me/name" or "https://t.me/name" → "name". */
export function normaliseTelegram(v: string): string | null {
  const name = v.replace(/^(https:\/\/)?(www\.)?(t\.me|telegram\.me)\//i, '').replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(name) ? name : null;
}

export function normaliseHttpsUrl(v: string): string | null {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.')) {
    return null;
  }
  return url.href;
}

/** Links derived from the settings; null when the setting is empty. */
export const contactLinks = (s: SiteSettings) => ({
  phone: s.contact_phone
    ? `tel:${s.contact_phone.startsWith('+') ? '+' : ''}${digitsOf(s.contact_phone)}`
    : null,
  whatsapp: s.whatsapp ? `https://wa.me/${s.whatsapp}` : null,
  telegram: s.telegram ? `https://t.me/${s.telegram}` : null,
  email: s.email ? `mailto:${s.email}` : null,
});
