import { SITE_SETTING_KEYS, type SiteSettingKey } from '@iddesk/contract';

/** Keys of the settings table. */
export const SETTING = {
  marque: 'marque_text',
  /** Set once the demo data has been written; the seed never runs again after it. */
  demoSeeded: 'demo_seeded_at',
  /** The owners' money limits (issue 17): one JSON row of wire amounts, defaults when absent. */
  moneyLimits: 'money_limits',
} as const;

/** The public site settings are stored one row each, under their contract field name. */
export const siteSettingKey = (field: SiteSettingKey) => `site.${field}`;
export const SITE_SETTING_ROW_KEYS = SITE_SETTING_KEYS.map(siteSettingKey);
