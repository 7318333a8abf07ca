import { DEFAULT_SITE_SETTINGS } from '@iddesk/contract';
import { describe, expect, it } from 'vitest';
import { shareLinks } from '../../lib/site-config';
import { siteLinks } from './site-settings';

describe('site links from settings', () => {
  it('builds tel:, wa.me, t.me and mailto: links and keeps only the profiles that are set', () => {
    const links = siteLinks({
      ...DEFAULT_SITE_SETTINGS,
      contact_phone: '+91 98765 43210',
      whatsapp: '919876543210',
      telegram: 'iddesk_support',
      email: 'help@example.com',
      instagram: 'https://instagram.com/iddesk',
      x: 'https://x.com/iddesk',
    });
    expect(links).toEqual({
      phone: 'tel:+919876543210',
      whatsapp: 'https://wa.me/919876543210',
      telegram: 'https://t.me/iddesk_support',
      email: 'mailto:help@example.com',
      follow: [
        { name: 'Instagram', href: 'https://instagram.com/iddesk' },
        { name: 'Telegram', href: 'https://t.me/iddesk_support' },
        { name: 'X', href: 'https://x.com/iddesk' },
      ],
    });
  });

  it('has no links at all before anything is configured', () => {
    expect(siteLinks(DEFAULT_SITE_SETTINGS)).toEqual({
      phone: null,
      whatsapp: null,
      telegram: null,
      email: null,
      follow: [],
    });
  });

  it('share links carry the page URL and the site name, encoded', () => {
    const [whatsapp] = shareLinks('https://desk.example/reviews?a=1&b=2', 'Star & Co');
    expect(whatsapp!.href).toBe(
      'https://wa.me/?text=Star%20%26%20Co%20%E2%80%94%20manage%20your%20IDs%20https%3A%2F%2Fdesk.example%2Freviews%3Fa%3D1%26b%3D2',
    );
  });
});
