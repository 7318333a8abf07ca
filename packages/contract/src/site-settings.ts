import { z } from 'zod';
import {
  SITE_NAME_MAX_LENGTH,
  TERMS_MAX_LENGTH,
  SOCIAL_URL_MAX_LENGTH,
  CONTACT_PHONE_MESSAGE,
  WHATSAPP_MESSAGE,
  TELEGRAM_MESSAGE,
  EMAIL_MESSAGE,
  HTTPS_URL_MESSAGE,
  normalisePhone,
  normaliseWhatsapp,
  normaliseTelegram,
  normaliseHttpsUrl,
} from './site-settings-values';
import { MoneyLimitsBodySchema, MoneyLimitsSchema } from './money-limits';

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

/** The stored settings: the site's and the owners' money limits (issue 17). */
export const SettingsSchema = SiteSettingsSchema.extend({ money_limits: MoneyLimitsSchema });
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * `GET /settings` and the answer of `POST /admin/settings`: the settings, whose money limits the
 * customers' forms show before anything is typed, and the server's `DISPLAY_TIME_ZONE`, in which
 * the web writes every time (display-time.ts; not a setting staff edit). Issue 17.
 */
export const PublicSettingsSchema = SettingsSchema.extend({ display_time_zone: z.string() });
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

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
  /** The owners' money limits (issue 17); left out keeps the current ones. */
  money_limits: MoneyLimitsBodySchema.optional(),
});
export type SiteSettingsBody = z.input<typeof SiteSettingsBodySchema>;
