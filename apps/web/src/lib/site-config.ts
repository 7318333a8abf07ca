/**
 * Site-wide presentation settings. A later issue moves these into server-side settings; until
 * then they live here, in one place.
 */
export const SITE_NAME = 'ID Desk';
export const CURRENCY_SYMBOL = '₹';
export const CONTACT_PHONE = '+91 98765 43210';

const digits = (phone: string) => phone.replace(/\D/g, '');

export const CONTACT_PHONE_HREF = `tel:+${digits(CONTACT_PHONE)}`;
export const WHATSAPP_URL = `https://wa.me/${digits(CONTACT_PHONE)}`;
export const TELEGRAM_URL = 'https://t.me/iddesk';

export type SocialLink = { name: string; href: string };

export const FOLLOW_LINKS: SocialLink[] = [
  { name: 'Instagram', href: 'https://instagram.com/iddesk' },
  { name: 'Telegram', href: TELEGRAM_URL },
  { name: 'YouTube', href: 'https://youtube.com/@iddesk' },
  { name: 'Facebook', href: 'https://facebook.com/iddesk' },
];

export function shareLinks(url: string, text = `${SITE_NAME} — manage your IDs`): SocialLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
  ];
}

export function documentTitle(title?: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}
