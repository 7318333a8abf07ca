import {
  contactLinks,
  CONTENT_API,
  DEFAULT_SITE_SETTINGS,
  type MoneyLimits,
  type PublicSettings,
  type Settings,
  type SiteSettings,
} from '@iddesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';
import { apiRequest } from '../../lib/api-client';
import { setDisplayTimeZone } from '../../lib/money';
import type { SocialLink } from '../../lib/site-config';

/**
 * The public site settings (contacts, social links, terms). The app shell (header, footer,
 * bottom bar, floating buttons) and several domains (contacts, terms, error pages, password
 * help, add funds) show them; other domains take them through the site's index.ts.
 */
export const siteSettingsQueryKey = ['site-settings'] as const;

export const getSiteSettings = (signal?: AbortSignal) =>
  apiRequest<PublicSettings>(CONTENT_API.settings, { method: 'GET', signal });

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingsQueryKey,
    // The display time zone is the server's, not a setting: every date is written in it.
    queryFn: async ({ signal }): Promise<Settings> => {
      const { display_time_zone: zone, ...settings } = (await getSiteSettings(signal)).data;
      setDisplayTimeZone(zone);
      return settings;
    },
    staleTime: 5 * 60_000,
  });

/** The settings query itself, for pages that show loading and error states. */
export function useSiteSettingsQuery() {
  return useQuery(siteSettingsQueryOptions());
}

/** The settings and the links made from them, as the shell shows them; null until they arrive. */
const ShellSettings = createContext<{ settings: SiteSettings; links: SiteLinks } | null>(null);

/**
 * The one settings query the shell's pieces read (app.tsx): the header, the bottom bar, the
 * floating buttons, the footer and the page title each took an observer of their own before,
 * seven on a site page, each made, subscribed and re-rendered on the answer on the first load
 * (issue 56: a phone's main thread).
 */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const settings = useSiteSettingsQuery().data;
  // A new object only when the answer changes, so the pieces re-render only then.
  const value = useMemo(
    () => (settings ? { settings, links: siteLinks(settings) } : null),
    [settings],
  );
  return createElement(ShellSettings.Provider, { value }, children);
}

let defaults: { settings: SiteSettings; links: SiteLinks } | undefined;
const useShellSettings = () =>
  useContext(ShellSettings) ??
  (defaults ??= { settings: DEFAULT_SITE_SETTINGS, links: siteLinks(DEFAULT_SITE_SETTINGS) });

/**
 * The settings, or the defaults (empty contacts) until they arrive or when they fail; read
 * from SiteSettingsProvider's query (the app's root).
 */
export function useSiteSettings(): SiteSettings {
  return useShellSettings().settings;
}

/**
 * The owners' money limits (issue 17), which the customers' money forms show and check; undefined
 * until the settings arrive (the forms then check the amount rules only; the server has the
 * last word).
 */
export function useMoneyLimits(): MoneyLimits | undefined {
  return useSiteSettingsQuery().data?.money_limits;
}

export type SiteLinks = ReturnType<typeof contactLinks> & { follow: SocialLink[] };

/** Links built from settings: tel:, wa.me, t.me, mailto: and the social profiles to follow. */
export function siteLinks(settings: SiteSettings): SiteLinks {
  const links = contactLinks(settings);
  const follow: SocialLink[] = [
    { name: 'Instagram', href: settings.instagram },
    { name: 'Telegram', href: links.telegram ?? '' },
    { name: 'YouTube', href: settings.youtube },
    { name: 'Facebook', href: settings.facebook },
    { name: 'X', href: settings.x },
  ].filter((link) => link.href !== '');
  return { ...links, follow };
}

export function useSiteLinks(): SiteLinks {
  return useShellSettings().links;
}
