import { z } from 'zod';
import {
  SITE_NAME_MAX_LENGTH,
  TERMS_MAX_LENGTH,
  SOCIAL_URL_MAX_LENGTH,
  normalisePhone,
  normaliseWhatsapp,
  normaliseTelegram,
  normaliseHttpsUrl,
} from './site-settings-values';
import { MoneyLimitsBodySchema, MoneyLimitsSchema } from './money-limits';
import type { MessageKey } from './i18n/keys';
import { msg, translate } from './i18n/translate';

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
const optionalValue = (max: number, message: MessageKey, normalise: (v: string) => string | null) =>
  z
    .string()
    .trim()
    .max(max, msg(message))
    .transform((v, ctx) => {
      if (v === '') return '';
      const out = normalise(v);
      if (out === null) {
        ctx.addIssue({ code: 'custom', message: translate(message) });
        return z.NEVER;
      }
      return out;
    });

const SettingsEmailSchema = z.email();

const NEWLINE = '\n';

/** `POST /admin/settings`: every field, as the admin form sends them. */
export const SiteSettingsBodySchema = z.strictObject({
  site_name: z
    .string(msg('validation.siteName.required'))
    .trim()
    .min(1, msg('validation.siteName.required'))
    .max(SITE_NAME_MAX_LENGTH, msg('validation.siteName.max', { max: SITE_NAME_MAX_LENGTH })),
  contact_phone: optionalValue(32, 'validation.contactPhone.invalid', normalisePhone),
  whatsapp: optionalValue(32, 'validation.whatsapp.invalid', normaliseWhatsapp),
  telegram: optionalValue(64, 'validation.telegram.invalid', normaliseTelegram),
  email: optionalValue(254, 'validation.email.invalid', (v) =>
    SettingsEmailSchema.safeParse(v).success ? v.toLowerCase() : null,
  ),
  instagram: optionalValue(SOCIAL_URL_MAX_LENGTH, 'validation.httpsUrl.invalid', normaliseHttpsUrl),
  facebook: optionalValue(SOCIAL_URL_MAX_LENGTH, 'validation.httpsUrl.invalid', normaliseHttpsUrl),
  youtube: optionalValue(SOCIAL_URL_MAX_LENGTH, 'validation.httpsUrl.invalid', normaliseHttpsUrl),
  x: optionalValue(SOCIAL_URL_MAX_LENGTH, 'validation.httpsUrl.invalid', normaliseHttpsUrl),
  terms_text: z
    .string()
    .max(TERMS_MAX_LENGTH, msg('validation.terms.max', { max: TERMS_MAX_LENGTH }))
    // Windows line endings from a pasted document become plain newlines.
    .transform((v) => v.replace(/\r\n?/g, NEWLINE).trim()),
  /** The owners' money limits (issue 17); left out keeps the current ones. */
  money_limits: MoneyLimitsBodySchema.optional(),
});
export type SiteSettingsBody = z.input<typeof SiteSettingsBodySchema>;
