import { DEFAULT_SITE_NAME } from '@iddesk/contract';

/**
 * Fixed presentation constants. Everything an operator changes (contacts, social links, terms)
 * comes from the server's site settings (features/site/site-settings.ts).
 */
export const SITE_NAME = DEFAULT_SITE_NAME;
export const CURRENCY_SYMBOL = '₹';

export type SocialLink = { name: string; href: string };

/** Share intents for the current page; they need no account of ours. */
export function shareLinks(url: string, siteName: string = SITE_NAME): SocialLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(`${siteName} — manage your IDs`);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
  ];
}

export function documentTitle(title?: string | null, siteName: string = SITE_NAME): string {
  return title ? `${title} · ${siteName}` : siteName;
}
