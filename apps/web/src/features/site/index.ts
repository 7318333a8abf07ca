/**
 * The site domain's public surface: the public site settings (contacts, social links, terms)
 * that the app shell and other domains (error pages, password help, add funds) show. Other
 * domains import the site only through this file (eslint `import-x/no-restricted-paths`).
 */
export {
  getSiteSettings,
  siteLinks,
  siteSettingsQueryKey,
  siteSettingsQueryOptions,
  useMoneyLimits,
  useSiteLinks,
  useSiteSettings,
  useSiteSettingsQuery,
  type SiteLinks,
} from './site-settings';
