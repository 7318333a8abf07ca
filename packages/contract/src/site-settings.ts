import { z } from 'zod';

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

export const SiteSettingsSchema = z.object({
  site_name: z.string(),
  /** As the operator wants it shown, e.g. "+91 98765 43210". */
  contact_phone: z.string(),
  /** Digits only, with the country code: the number in https://wa.me/<digits>. */
  whatsapp: z.string(),
  /** A Telegram username without the @: https://t.me/<telegram>. */
  telegram: z.string(),
  email: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  youtube: z.string(),
  x: z.string(),
  /** Plain text; blank lines separate paragraphs. Never HTML. */
  terms_text: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = Object.keys(SiteSettingsSchema.shape) as SiteSettingKey[];

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

/** Optional text: trimmed; "" (not set) or a value the check accepts, then normalised. */
const optionalValue = (max: number, message: string, normalise: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v, ctx) => {
      if (v === '') return '';
      const out = normalise(v);
      if (out === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return out;
    });

export const CONTACT_PHONE_MESSAGE = 'Enter a phone number with 7–15 digits.';
export const WHATSAPP_MESSAGE =
  'Enter the WhatsApp number with its country code, e.g. 919876543210.';
export const TELEGRAM_MESSAGE =
  'Enter a Telegram username (5–32 letters, digits or _), or a t.me link.';
export const EMAIL_MESSAGE = 'Enter a valid email address.';
export const HTTPS_URL_MESSAGE = 'Enter a full https:// link.';

const digitsOf = (v: string) => v.replace(/\D/g, '');

/** Digits, spaces, dashes, dots and brackets with an optional leading +; shown as typed. */
export function normalisePhone(v: string): string | null {
  if (!/^\+?[\d\s\-().]+$/.test(v)) return null;
  const n = digitsOf(v).length;
  return n >= 7 && n <= 15 ? v.replace(/\s+/g, ' ') : null;
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

const SettingsEmailSchema = z.email(EMAIL_MESSAGE);

/** `POST /admin/settings`: every field, as the admin form sends them. */
export const SiteSettingsBodySchema = z.strictObject({
  site_name: z
    .string({ error: 'Enter the site name.' })
    .trim()
    .min(1, 'Enter the site name.')
    .max(
      SITE_NAME_MAX_LENGTH,
      `The site name may not be longer than ${SITE_NAME_MAX_LENGTH} characters.`,
    ),
  contact_phone: optionalValue(32, CONTACT_PHONE_MESSAGE, normalisePhone),
  whatsapp: optionalValue(32, WHATSAPP_MESSAGE, normaliseWhatsapp),
  telegram: optionalValue(64, TELEGRAM_MESSAGE, normaliseTelegram),
  email: optionalValue(254, EMAIL_MESSAGE, (v) =>
    SettingsEmailSchema.safeParse(v).success ? v.toLowerCase() : null,
  ),
  instagram: optionalValue(SOCIAL_URL_MAX_LENGTH, HTTPS_URL_MESSAGE, normaliseHttpsUrl),
  facebook: optionalValue(SOCIAL_URL_MAX_LENGTH, HTTPS_URL_MESSAGE, normaliseHttpsUrl),
  youtube: optionalValue(SOCIAL_URL_MAX_LENGTH, HTTPS_URL_MESSAGE, normaliseHttpsUrl),
  x: optionalValue(SOCIAL_URL_MAX_LENGTH, HTTPS_URL_MESSAGE, normaliseHttpsUrl),
  terms_text: z
    .string()
    .max(TERMS_MAX_LENGTH, `The terms may not be longer than ${TERMS_MAX_LENGTH} characters.`)
    // Windows line endings from a pasted document become plain newlines.
    .transform((v) => v.replace(/\r\n?/g, '\n').trim()),
});
export type SiteSettingsBody = z.input<typeof SiteSettingsBodySchema>;

/** Links derived from the settings; null when the setting is empty. */
export const contactLinks = (s: SiteSettings) => ({
  phone: s.contact_phone
    ? `tel:${s.contact_phone.startsWith('+') ? '+' : ''}${digitsOf(s.contact_phone)}`
    : null,
  whatsapp: s.whatsapp ? `https://wa.me/${s.whatsapp}` : null,
  telegram: s.telegram ? `https://t.me/${s.telegram}` : null,
  email: s.email ? `mailto:${s.email}` : null,
});
